import type Stripe from 'stripe'
import { nowFor } from '../billing'
import { attachDecline, checkCard } from '../cards'
import type { Ctx } from '../context'
import { paymentMethod as buildPaymentMethod, setupIntent as buildSetupIntent } from '../objects/customers'
import { unix } from '../objects/ids'
import { setCustomer } from '../payment-methods'
import { errors, mergeMetadata, read, type Params } from '../protocol'
import { insert, list, load, mustLoad, recordEvent, save } from '../store'
import { route, type Route } from './router'

/** Setup intents: a card saved for later, confirmed by the sandbox's Stripe.js with the publishable key. */

async function customerNow(ctx: Ctx, customerId: string | null): Promise<number> {
  if (!customerId) return unix(Date.now())
  const row = await load<Stripe.Customer>(ctx.q, 'customer', customerId)
  return row ? nowFor(ctx.q, row.data) : unix(Date.now())
}

/** A card from payment_method_data, checked as Stripe's API checks it: 402 card_error when invalid or refused. */
function cardFrom(params: Params, intent: Stripe.SetupIntent | null) {
  const data = read.object(params, 'payment_method_data')
  if (!data) throw errors.required('payment_method_data')
  if (read.string(data, 'type') !== 'card') throw errors.invalid('payment_method_data[type]', 'The sandbox supports payment_method_data[type]=card only.')
  const card = read.object(data, 'card')
  if (!card) throw errors.required('payment_method_data[card]')
  const number = read.string(card, 'number') ?? ''
  const expMonth = read.string(card, 'exp_month') ?? ''
  const expYear = read.string(card, 'exp_year') ?? ''
  const cvc = read.string(card, 'cvc') ?? ''
  const checked = checkCard({ number, expiry: expMonth && expYear ? `${expMonth} / ${expYear.slice(-2)}` : '', cvc })
  const extra = intent ? { setup_intent: intent } : {}
  if (!checked.ok) {
    const code = checked.field === 'number' ? 'invalid_number' : checked.field === 'expiry' ? 'invalid_expiry_year' : 'invalid_cvc'
    const param = `payment_method_data[card][${checked.field === 'expiry' ? 'exp_year' : checked.field}]`
    throw Object.assign(errors.card(code, checked.message, { ...extra, param }), {})
  }
  const decline = attachDecline(number)
  if (decline) throw errors.card(decline.code, decline.message, extra)
  const billing = read.object(data, 'billing_details')
  return {
    number: number.replace(/[\s-]/g, ''),
    details: { brand: checked.brand, last4: checked.last4, expMonth: checked.expMonth, expYear: checked.expYear },
    name: billing ? (read.string(billing, 'name') ?? null) : null,
  }
}

export const setupIntentRoutes: Route[] = [
  route('POST', '/setup_intents', async (ctx, call) => {
    const customerId = read.string(call.params, 'customer') ?? null
    if (customerId) await mustLoad(ctx.q, 'customer', customerId, { param: 'customer' })
    // payment_method_types (older API versions) or allowed_payment_method_types (this one): cards only.
    const typesParam = call.params.allowed_payment_method_types !== undefined ? 'allowed_payment_method_types' : 'payment_method_types'
    const types = call.params[typesParam]
    const paymentMethodTypes = types === undefined ? ['card'] : (Array.isArray(types) ? types : [types]).map(String)
    if (paymentMethodTypes.some((type) => type !== 'card')) throw errors.invalid(typesParam, 'The sandbox supports card payment methods only.')
    const intent = buildSetupIntent({
      created: await customerNow(ctx, customerId),
      customer: customerId,
      usage: read.oneOf(call.params, 'usage', ['off_session', 'on_session']) ?? 'off_session',
      paymentMethodTypes,
      metadata: mergeMetadata({}, read.metadata(call.params)),
    })
    if (types !== undefined && typesParam === 'allowed_payment_method_types') intent.allowed_payment_method_types = ['card']
    await insert(ctx.q, intent, { customer: customerId })
    return intent
  }),
  // Newest first, as Stripe lists them; by customer and by the payment method they set up.
  route('GET', '/setup_intents', async (ctx, call) => {
    const customer = read.string(call.params, 'customer')
    const paymentMethod = read.string(call.params, 'payment_method')
    return list<Stripe.SetupIntent>(ctx.q, 'setup_intent', { ...(customer ? { customer } : {}), json: paymentMethod ? { payment_method: paymentMethod } : {} }, call.page(), '/v1/setup_intents')
  }),
  route('GET', '/setup_intents/:id', async (ctx, call) => visible(call.key, (await mustLoad<Stripe.SetupIntent>(ctx.q, 'setup_intent', call.path.id!)).data, call.params), { publishable: true }),
  route(
    'POST',
    '/setup_intents/:id/confirm',
    async (ctx, call) => {
      const row = await mustLoad<Stripe.SetupIntent>(ctx.q, 'setup_intent', call.path.id!, { lock: true })
      visible(call.key, row.data, call.params)
      const intent = row.data
      if (intent.status === 'succeeded') {
        throw errors.request('You cannot confirm this SetupIntent because it has already succeeded after being previously confirmed.', { code: 'setup_intent_unexpected_state' })
      }
      const customerId = typeof intent.customer === 'string' ? intent.customer : null
      const existing = read.string(call.params, 'payment_method')
      let methodId: string
      if (existing) {
        const method = (await mustLoad<Stripe.PaymentMethod>(ctx.q, 'payment_method', existing, { param: 'payment_method' })).data
        const secret = (await mustLoad(ctx.q, 'payment_method', existing)).private
        const decline = attachDecline(String(secret.number ?? ''))
        if (decline) throw errors.card(decline.code, decline.message, { setup_intent: publicIntent(intent) })
        if (customerId && method.customer && method.customer !== customerId)
          throw errors.request('The payment method you provided has already been attached to a customer.', { code: 'payment_method_unexpected_state' })
        if (customerId && !method.customer) {
          await setCustomer(ctx.q, method, customerId)
        }
        methodId = method.id
      } else {
        const card = cardFrom(call.params, publicIntent(intent))
        const method = buildPaymentMethod({ created: await customerNow(ctx, customerId), customer: customerId, card: card.details, name: card.name })
        await insert(ctx.q, method, { customer: customerId }, { number: card.number })
        methodId = method.id
      }
      intent.payment_method = methodId
      intent.status = 'succeeded'
      intent.last_setup_error = null
      await save(ctx.q, intent)
      await recordEvent(ctx.q, ctx.request, 'setup_intent.succeeded', intent)
      return call.key === 'publishable' ? publicIntent(intent) : intent
    },
    { publishable: true },
  ),
]

/** A publishable key sees a setup intent only with its client secret, as Stripe.js does. */
function visible(key: 'secret' | 'publishable', intent: Stripe.SetupIntent, params: Params): Stripe.SetupIntent {
  if (key === 'secret') return intent
  const secret = read.string(params, 'client_secret')
  if (!secret) throw errors.required('client_secret')
  if (secret !== intent.client_secret) throw errors.invalid('client_secret', 'The client_secret provided does not match the client_secret associated with the SetupIntent.')
  return publicIntent(intent)
}

/** What Stripe.js receives: the intent without its customer and metadata. */
function publicIntent(intent: Stripe.SetupIntent): Stripe.SetupIntent {
  return { ...intent, customer: null, metadata: null }
}
