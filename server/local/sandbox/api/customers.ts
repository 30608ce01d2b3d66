import type Stripe from 'stripe'
import { attachDecline, checkCard } from '../cards'
import type { Ctx } from '../context'
import { nowFor } from '../billing'
import { customer as buildCustomer, paymentMethod as buildPaymentMethod, setupIntent as buildSetupIntent, unix } from '../objects'
import { errors, mergeMetadata, read, type Params } from '../protocol'
import { changes, insert, list, load, mustLoad, recordEvent, save } from '../store'
import type { Route } from './router'

/** Customers, payment methods and setup intents. */

async function attachedMethod(ctx: Ctx, customerId: string, methodId: string, param: string): Promise<string> {
  const method = await mustLoad<Stripe.PaymentMethod>(ctx.q, 'payment_method', methodId, { param })
  if (method.data.customer !== customerId) {
    throw errors.invalid(param, `The customer does not have a payment method with the ID ${methodId}. The payment method must be attached to the customer.`)
  }
  return methodId
}

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

export const customerRoutes: Route[] = [
  {
    method: 'POST',
    path: '/customers',
    handler: (call) =>
      call.run(async (ctx) => {
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
        await insert(ctx.q, customer, { customer: customer.id, testClock })
        await recordEvent(ctx.q, ctx.request, 'customer.created', customer)
        return customer
      }),
  },
  {
    method: 'GET',
    path: '/customers/:id',
    handler: (call) => call.run(async (ctx) => (await mustLoad<Stripe.Customer>(ctx.q, 'customer', call.path.id!)).data),
  },
  {
    method: 'POST',
    path: '/customers/:id',
    handler: (call) =>
      call.run(async (ctx) => {
        const row = await mustLoad<Stripe.Customer>(ctx.q, 'customer', call.path.id!, { lock: true })
        const customer = row.data
        const before = structuredClone(customer)
        const email = call.params.email
        if (email !== undefined) customer.email = read.string(call.params, 'email') ?? null
        if (call.params.name !== undefined) customer.name = read.string(call.params, 'name') ?? null
        if (call.params.description !== undefined) customer.description = read.string(call.params, 'description') ?? null
        customer.metadata = mergeMetadata(customer.metadata, read.metadata(call.params))
        const settings = read.object(call.params, 'invoice_settings')
        if (settings && settings.default_payment_method !== undefined) {
          const methodId = read.string(settings, 'default_payment_method')
          customer.invoice_settings.default_payment_method = methodId ? await attachedMethod(ctx, customer.id, methodId, 'invoice_settings[default_payment_method]') : null
        }
        await save(ctx.q, customer)
        const previous = changes(before, customer)
        if (Object.keys(previous).length > 0) await recordEvent(ctx.q, ctx.request, 'customer.updated', customer, previous)
        return customer
      }),
  },
  {
    method: 'GET',
    path: '/customers',
    handler: (call) =>
      call.run(async (ctx) => {
        const email = read.string(call.params, 'email')
        const testClock = read.string(call.params, 'test_clock')
        return list<Stripe.Customer>(ctx.q, 'customer', { json: email ? { email } : {}, ...(testClock ? { testClock } : {}) }, call.page(), '/v1/customers')
      }),
  },
  {
    method: 'GET',
    path: '/customers/:id/payment_methods',
    handler: (call) =>
      call.run(async (ctx) => {
        await mustLoad(ctx.q, 'customer', call.path.id!)
        return list<Stripe.PaymentMethod>(ctx.q, 'payment_method', { customer: call.path.id! }, call.page(), `/v1/customers/${call.path.id}/payment_methods`)
      }),
  },
  {
    method: 'GET',
    path: '/payment_methods/:id',
    handler: (call) => call.run(async (ctx) => (await mustLoad<Stripe.PaymentMethod>(ctx.q, 'payment_method', call.path.id!)).data),
  },
  {
    method: 'GET',
    path: '/payment_methods',
    handler: (call) =>
      call.run(async (ctx) => {
        const customer = read.string(call.params, 'customer')
        read.oneOf(call.params, 'type', ['card'])
        if (!customer) throw errors.required('customer')
        await mustLoad(ctx.q, 'customer', customer, { param: 'customer' })
        return list<Stripe.PaymentMethod>(ctx.q, 'payment_method', { customer }, call.page(), '/v1/payment_methods')
      }),
  },
  {
    method: 'POST',
    path: '/payment_methods/:id/attach',
    handler: (call) =>
      call.run(async (ctx) => {
        const customerId = read.string(call.params, 'customer', { required: true })!
        await mustLoad(ctx.q, 'customer', customerId, { param: 'customer' })
        const row = await mustLoad<Stripe.PaymentMethod>(ctx.q, 'payment_method', call.path.id!, { lock: true })
        const method = row.data
        if (method.customer === customerId) return method
        if (method.customer) throw errors.request('The payment method you provided has already been attached to a customer.', { code: 'payment_method_unexpected_state' })
        method.customer = customerId
        await ctx.q.query('update sandbox_objects set customer = $2 where id = $1', [method.id, customerId])
        await save(ctx.q, method)
        await recordEvent(ctx.q, ctx.request, 'payment_method.attached', method)
        return method
      }),
  },
  {
    method: 'POST',
    path: '/payment_methods/:id/detach',
    handler: (call) =>
      call.run(async (ctx) => {
        const row = await mustLoad<Stripe.PaymentMethod>(ctx.q, 'payment_method', call.path.id!, { lock: true })
        const method = row.data
        if (!method.customer) throw errors.request('The payment method you provided is not attached to a customer so detachment is impossible.', { code: 'payment_method_unexpected_state' })
        method.customer = null
        await ctx.q.query('update sandbox_objects set customer = null where id = $1', [method.id])
        await save(ctx.q, method)
        return method
      }),
  },
  {
    method: 'POST',
    path: '/setup_intents',
    handler: (call) =>
      call.run(async (ctx) => {
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
  },
  {
    method: 'GET',
    path: '/setup_intents/:id',
    publishable: true,
    handler: (call) => call.run(async (ctx) => visible(call.key, (await mustLoad<Stripe.SetupIntent>(ctx.q, 'setup_intent', call.path.id!)).data, call.params)),
  },
  {
    method: 'POST',
    path: '/setup_intents/:id/confirm',
    publishable: true,
    handler: (call) =>
      call.run(async (ctx) => {
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
            method.customer = customerId
            await ctx.q.query('update sandbox_objects set customer = $2 where id = $1', [method.id, customerId])
            await save(ctx.q, method)
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
      }),
  },
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
