import type Stripe from 'stripe'
import { nowFor } from '../billing'
import { expire, expireIfDue } from '../checkout'
import { findPrice } from '../context'
import { priceObject } from '../objects/catalogue'
import { checkoutSession, portalSession } from '../objects/sessions'
import { errors, mergeMetadata, read, type Params } from '../protocol'
import { unix } from '../objects/ids'
import { sessionConfiguration } from './portal-configurations'
import { insert, list, mustLoad } from '../store'
import { route, type Route } from './router'
import { readCheckoutTax } from '../checkout-tax'

/** Checkout and billing portal sessions. */

/**
 * The session's life from `expires_at`: Stripe takes 30 minutes to 24 hours after now. It runs from
 * the session's creation, in the customer's time: on a test clock, the same span of its time.
 */
function lifetimeOf(params: Params): number | undefined {
  const expiresAt = read.integer(params, 'expires_at')
  if (expiresAt === undefined) return undefined
  const lifetime = expiresAt - unix(Date.now())
  // A few seconds' grace for the time the request took.
  if (lifetime < 30 * 60 - 5) throw errors.invalid('expires_at', 'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.')
  if (lifetime > 24 * 3600) throw errors.invalid('expires_at', 'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.')
  return lifetime
}

export const sessionRoutes: Route[] = [
  route('POST', '/checkout/sessions', async (ctx, call) => {
    const mode = read.oneOf(call.params, 'mode', ['payment', 'setup', 'subscription'], { required: true })
    if (mode !== 'subscription') throw errors.invalid('mode', "The payment sandbox supports mode 'subscription' only.")
    const customerId = read.string(call.params, 'customer', { required: true })!
    const customer = (await mustLoad<Stripe.Customer>(ctx.q, 'customer', customerId, { param: 'customer' })).data
    const items = read.array(call.params, 'line_items')
    if (items.length !== 1) throw errors.invalid('line_items', 'The payment sandbox takes exactly one line item.')
    const priceId = read.string(items[0]!, 'price', { required: true, param: 'line_items[0][price]' })!
    const price = findPrice(ctx.core, priceId, 'line_items[0][price]')
    const quantity = read.integer(items[0]!, 'quantity', { min: 1, max: 999_999, param: 'line_items[0][quantity]' }) ?? 1
    const subscriptionData = read.object(call.params, 'subscription_data') ?? {}
    const created = await nowFor(ctx.q, customer)
    const session = checkoutSession({
      created,
      lifetime: lifetimeOf(call.params),
      customer: customer.id,
      customerEmail: customer.email,
      clientReferenceId: read.string(call.params, 'client_reference_id') ?? null,
      price,
      quantity,
      successUrl: read.string(call.params, 'success_url', { required: true })!,
      cancelUrl: read.string(call.params, 'cancel_url') ?? null,
      metadata: mergeMetadata({}, read.metadata(call.params)),
      paymentMethodCollection: read.oneOf(call.params, 'payment_method_collection', ['always', 'if_required']) ?? 'always',
      origin: ctx.core.origin,
    })
    const tax = readCheckoutTax(call.params)
    if (tax.automaticTax) session.automatic_tax = { enabled: true, liability: { account: undefined, type: 'self' }, provider: 'stripe', status: 'requires_location_inputs' }
    if (tax.taxIdCollection) session.tax_id_collection = { enabled: true, required: 'never' }
    session.billing_address_collection = tax.billingAddressCollection
    await insert(ctx.q, session, { customer: customer.id }, { priceId: price.id, quantity, subscriptionMetadata: mergeMetadata({}, read.metadata(subscriptionData)), automaticTax: tax.automaticTax })
    return session
  }),
  route('GET', '/checkout/sessions', async (ctx, call) => {
    const customer = read.string(call.params, 'customer')
    const status = read.oneOf(call.params, 'status', ['open', 'complete', 'expired'])
    return list<Stripe.Checkout.Session>(ctx.q, 'checkout.session', { ...(customer ? { customer } : {}), json: status ? { status } : {} }, call.page(), '/v1/checkout/sessions')
  }),
  route('GET', '/checkout/sessions/:id', async (ctx, call) => {
    const session = (await mustLoad<Stripe.Checkout.Session>(ctx.q, 'checkout.session', call.path.id!, { lock: true })).data
    await expireIfDue(ctx, session, (await mustLoad<Stripe.Customer>(ctx.q, 'customer', String(session.customer))).data)
    return session
  }),
  route('POST', '/checkout/sessions/:id/expire', async (ctx, call) => {
    const session = (await mustLoad<Stripe.Checkout.Session>(ctx.q, 'checkout.session', call.path.id!, { lock: true })).data
    if (session.status !== 'open')
      throw errors.request(`Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`, {
        code: 'checkout_session_unexpected_state',
      })
    await expire(ctx, session)
    return session
  }),
  route('GET', '/checkout/sessions/:id/line_items', async (ctx, call) => {
    const row = await mustLoad<Stripe.Checkout.Session>(ctx.q, 'checkout.session', call.path.id!)
    const price = findPrice(ctx.core, String(row.private.priceId))
    const quantity = Number(row.private.quantity)
    const item: Stripe.LineItem = {
      id: `li_${row.data.id.slice(8, 30)}`,
      object: 'item',
      adjustable_quantity: null,
      metadata: {},
      amount_discount: 0,
      amount_subtotal: price.unitAmount * quantity,
      amount_tax: 0,
      amount_total: price.unitAmount * quantity,
      currency: 'usd',
      description: price.productName,
      price: priceObject(price, row.data.created),
      quantity,
    }
    return { object: 'list', data: [item], has_more: false, url: `/v1/checkout/sessions/${row.data.id}/line_items` }
  }),
  route('POST', '/billing_portal/sessions', async (ctx, call) => {
    const customerId = read.string(call.params, 'customer', { required: true })!
    const customer = (await mustLoad<Stripe.Customer>(ctx.q, 'customer', customerId, { param: 'customer' })).data
    const configuration = await sessionConfiguration(ctx, read.string(call.params, 'configuration'))
    const session = portalSession({
      created: await nowFor(ctx.q, customer),
      customer: customer.id,
      configuration: configuration.id,
      returnUrl: read.string(call.params, 'return_url') ?? null,
      origin: ctx.core.origin,
    })
    await insert(ctx.q, session, { customer: customer.id })
    return session
  }),
]
