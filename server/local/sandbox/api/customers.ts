import type Stripe from 'stripe'
import { customer as buildCustomer } from '../objects/customers'
import { unix } from '../objects/ids'
import { attachedMethod, setCustomer } from '../payment-methods'
import { errors, mergeMetadata, read, type Params } from '../protocol'
import { changes, insert, list, mustLoad, recordEvent, save } from '../store'
import { retrieve, route, type Route } from './router'
import { fundingInstructions, virtualAccountOf } from '../funding'

/** Customers and their payment methods. */

export const customerRoutes: Route[] = [
  route('POST', '/customers', async (ctx, call) => {
    const testClock = read.string(call.params, 'test_clock') ?? null
    let created = unix(Date.now())
    if (testClock) created = (await mustLoad<Stripe.TestHelpers.TestClock>(ctx.q, 'test_helpers.test_clock', testClock, { param: 'test_clock' })).data.frozen_time
    const customer = buildCustomer({
      created,
      email: read.string(call.params, 'email') ?? null,
      name: read.string(call.params, 'name') ?? null,
      description: read.string(call.params, 'description') ?? null,
      metadata: mergeMetadata({}, read.metadata(call.params)),
      testClock,
    })
    if (call.params.address !== undefined) customer.address = readAddress(call.params)
    await insert(ctx.q, customer, { customer: customer.id, testClock })
    await recordEvent(ctx.q, ctx.request, 'customer.created', customer)
    return customer
  }),
  retrieve<Stripe.Customer>('/customers/:id', 'customer'),
  route('POST', '/customers/:id', async (ctx, call) => {
    const row = await mustLoad<Stripe.Customer>(ctx.q, 'customer', call.path.id!, { lock: true })
    const customer = row.data
    const before = structuredClone(customer)
    const email = call.params.email
    if (email !== undefined) customer.email = read.string(call.params, 'email') ?? null
    if (call.params.name !== undefined) customer.name = read.string(call.params, 'name') ?? null
    if (call.params.description !== undefined) customer.description = read.string(call.params, 'description') ?? null
    if (call.params.address !== undefined) customer.address = readAddress(call.params)
    customer.metadata = mergeMetadata(customer.metadata, read.metadata(call.params))
    const settings = read.object(call.params, 'invoice_settings')
    if (settings && settings.default_payment_method !== undefined) {
      const methodId = read.string(settings, 'default_payment_method')
      customer.invoice_settings.default_payment_method = methodId ? await attachedMethod(ctx.q, customer.id, methodId, 'invoice_settings[default_payment_method]') : null
    }
    await save(ctx.q, customer)
    const previous = changes(before, customer)
    if (Object.keys(previous).length > 0) await recordEvent(ctx.q, ctx.request, 'customer.updated', customer, previous)
    return customer
  }),
  route('GET', '/customers', async (ctx, call) => {
    const email = read.string(call.params, 'email')
    const testClock = read.string(call.params, 'test_clock')
    return list<Stripe.Customer>(ctx.q, 'customer', { json: email ? { email } : {}, ...(testClock ? { testClock } : {}) }, call.page(), '/v1/customers')
  }),
  route('POST', '/customers/:id/funding_instructions', async (ctx, call) => {
    const transfer = read.object(call.params, 'bank_transfer')
    if (!transfer) throw errors.required('bank_transfer')
    read.oneOf(transfer, 'type', ['us_bank_transfer'], { required: true, param: 'bank_transfer[type]' })
    read.oneOf(call.params, 'currency', ['usd'], { required: true })
    read.oneOf(call.params, 'funding_type', ['bank_transfer'], { required: true })
    return fundingInstructions(await virtualAccountOf(ctx.q, call.path.id!))
  }),
  route('GET', '/customers/:id/payment_methods', async (ctx, call) => {
    await mustLoad(ctx.q, 'customer', call.path.id!)
    return list<Stripe.PaymentMethod>(ctx.q, 'payment_method', { customer: call.path.id! }, call.page(), `/v1/customers/${call.path.id}/payment_methods`)
  }),
  retrieve<Stripe.PaymentMethod>('/payment_methods/:id', 'payment_method'),
  route('GET', '/payment_methods', async (ctx, call) => {
    const customer = read.string(call.params, 'customer')
    read.oneOf(call.params, 'type', ['card'])
    if (!customer) throw errors.required('customer')
    await mustLoad(ctx.q, 'customer', customer, { param: 'customer' })
    return list<Stripe.PaymentMethod>(ctx.q, 'payment_method', { customer }, call.page(), '/v1/payment_methods')
  }),
  route('POST', '/payment_methods/:id/attach', async (ctx, call) => {
    const customerId = read.string(call.params, 'customer', { required: true })!
    await mustLoad(ctx.q, 'customer', customerId, { param: 'customer' })
    const row = await mustLoad<Stripe.PaymentMethod>(ctx.q, 'payment_method', call.path.id!, { lock: true })
    const method = row.data
    if (method.customer === customerId) return method
    if (method.customer) throw errors.request('The payment method you provided has already been attached to a customer.', { code: 'payment_method_unexpected_state' })
    await setCustomer(ctx.q, method, customerId)
    await recordEvent(ctx.q, ctx.request, 'payment_method.attached', method)
    return method
  }),
  route('POST', '/payment_methods/:id/detach', async (ctx, call) => {
    const row = await mustLoad<Stripe.PaymentMethod>(ctx.q, 'payment_method', call.path.id!, { lock: true })
    const method = row.data
    if (!method.customer) throw errors.request('The payment method you provided is not attached to a customer so detachment is impossible.', { code: 'payment_method_unexpected_state' })
    await setCustomer(ctx.q, method, null)
    return method
  }),
]

const addressFields = ['city', 'country', 'line1', 'line2', 'postal_code', 'state'] as const

/** `address[...]` as Stripe takes it: an empty value clears the address; a country is two letters. */
function readAddress(params: Params): Stripe.Address | null {
  const given = read.object(params, 'address')
  if (!given) return null
  const unknown = Object.keys(given).find((key) => !(addressFields as readonly string[]).includes(key))
  if (unknown) throw errors.unknown(`address[${unknown}]`)
  const address = Object.fromEntries(addressFields.map((field) => [field, read.string(given, field, { param: `address[${field}]` }) ?? null])) as unknown as Stripe.Address
  if (address.country !== null && !/^[A-Z]{2}$/.test(address.country))
    throw errors.invalid(
      'address[country]',
      `Country '${address.country}' is unknown. Try using a 2-character alphanumeric country code instead, such as 'US', 'EG', or 'GB'. A full list of country codes is available at https://stripe.com/docs/connect/accounts#country-codes`,
    )
  return address
}
