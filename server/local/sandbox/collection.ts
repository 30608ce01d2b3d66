import type Stripe from 'stripe'
import { errors, read, type Params } from './protocol'

/**
 * How an invoice is collected, as subscriptions and quotes take it: charged automatically, or sent
 * with days to pay (`send_invoice`, `days_until_due`), and the custom fields the invoice prints
 * (a purchase-order number), with Stripe's limits.
 */

export interface Collection {
  method: 'charge_automatically' | 'send_invoice'
  /** Days the customer has to pay a sent invoice; null when charged automatically. */
  daysUntilDue: number | null
}

export type CustomField = Stripe.Invoice.CustomField

/** Stripe's limits on an invoice's custom fields. */
export const customFieldLimits = { fields: 4, name: 40, value: 140 } as const

/** `collection_method` and `days_until_due` (top level for subscriptions, `invoice_settings` for quotes). */
export function readCollection(params: Params, days: { params: Params; param: string }): Collection {
  const method = read.oneOf(params, 'collection_method', ['charge_automatically', 'send_invoice'] as const) ?? 'charge_automatically'
  const daysUntilDue = read.integer(days.params, 'days_until_due', { min: 0, max: 730, param: days.param }) ?? null
  if (method === 'charge_automatically' && daysUntilDue !== null) throw errors.invalid(days.param, 'Can only set days_until_due when collection_method is send_invoice.')
  if (method === 'send_invoice' && daysUntilDue === null) throw errors.required(days.param)
  return { method, daysUntilDue }
}

/** `<prefix>[custom_fields]` (an invoice's own: `custom_fields`): at most 4, each a name of at most 40 characters and a value of at most 140. */
export function readCustomFields(settings: Params | undefined, prefix: string | null): CustomField[] | null {
  if (!settings || settings.custom_fields === undefined || settings.custom_fields === '') return null
  const param = prefix ? `${prefix}[custom_fields]` : 'custom_fields'
  const fields = read.array(settings, 'custom_fields')
  if (fields.length > customFieldLimits.fields) throw errors.invalid(param, `Invalid array: must have at most ${customFieldLimits.fields} elements`)
  return fields.map((field, index) => {
    const at = `${param}[${index}]`
    const name = read.string(field, 'name', { required: true, param: `${at}[name]` })!
    const value = read.string(field, 'value', { required: true, param: `${at}[value]` })!
    if (name.length > customFieldLimits.name) throw errors.invalid(`${at}[name]`, `Invalid string: ${name}; must be at most ${customFieldLimits.name} characters`)
    if (value.length > customFieldLimits.value) throw errors.invalid(`${at}[value]`, `Invalid string: ${value}; must be at most ${customFieldLimits.value} characters`)
    return { name, value }
  })
}
