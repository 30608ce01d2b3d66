import type Stripe from 'stripe'
import type { Queryable } from '@/server/db/database'
import { nowFor } from '../billing'
import { taxId as buildTaxId } from '../objects/tax-ids'
import { errors, StripeApiError, read } from '../protocol'
import { checkTaxId } from '../tax-id-formats'
import { insert, list, mustLoad } from '../store'
import { route, type Route } from './router'

/** A customer's tax IDs (`/v1/customers/:id/tax_ids`), each checked as Stripe checks its type's format. */

/** Stripe's refusal of a malformed tax ID: 400, `tax_id_invalid`, on the `value` parameter. */
const invalidTaxId = (type: string) =>
  new StripeApiError(400, {
    type: 'invalid_request_error',
    code: 'tax_id_invalid',
    message: `Invalid value for ${type}.`,
    param: 'value',
    doc_url: 'https://stripe.com/docs/error-codes/tax-id-invalid',
  })

const ofCustomer = async (q: Queryable, customerId: string, id: string) => {
  const row = await mustLoad<Stripe.TaxId>(q, 'tax_id', id)
  if (row.data.customer !== customerId) throw errors.missing('tax_id', id)
  return row
}

export const taxIdRoutes: Route[] = [
  route('POST', '/customers/:id/tax_ids', async (ctx, call) => {
    const customer = (await mustLoad<Stripe.Customer>(ctx.q, 'customer', call.path.id!)).data
    const type = read.string(call.params, 'type', { required: true })!
    const checked = checkTaxId(type, read.string(call.params, 'value', { required: true })!)
    if (!checked.ok) throw invalidTaxId(type)
    const made = buildTaxId({ customer: customer.id, created: await nowFor(ctx.q, customer), type, value: checked.value, country: checked.country, verification: checked.verification })
    await insert(ctx.q, made, { customer: customer.id })
    return made
  }),
  route('GET', '/customers/:id/tax_ids', async (ctx, call) => {
    await mustLoad(ctx.q, 'customer', call.path.id!)
    return list<Stripe.TaxId>(ctx.q, 'tax_id', { customer: call.path.id! }, call.page(), `/v1/customers/${call.path.id}/tax_ids`)
  }),
  route('GET', '/customers/:id/tax_ids/:taxId', async (ctx, call) => (await ofCustomer(ctx.q, call.path.id!, call.path.taxId!)).data),
  route('DELETE', '/customers/:id/tax_ids/:taxId', async (ctx, call) => {
    const row = await ofCustomer(ctx.q, call.path.id!, call.path.taxId!)
    await ctx.q.query("delete from sandbox_objects where id = $1 and type = 'tax_id'", [row.data.id])
    return { id: row.data.id, object: 'tax_id', deleted: true }
  }),
]
