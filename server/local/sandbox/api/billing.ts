import type Stripe from 'stripe'
import { chargeError, nowFor } from '../billing'
import { expire, expireIfDue } from '../checkout'
import { findPrice } from '../context'
import { priceObject, product, productId, testClock as buildTestClock, unix } from '../objects'
import { checkoutSession, portalSession } from '../objects-billing'
import { errors, mergeMetadata, read } from '../protocol'
import { list, listEvents, loadEvent, mustLoad, insert, save } from '../store'
import { advanceSubscriptions, cancelSubscription, previewInvoice, startSubscription, updateSubscription, type ProrationBehavior } from '../subscriptions'
import type { Route } from './router'

/** Checkout and portal sessions, subscriptions, invoices, prices, events and test clocks. */

const prorationBehaviors = ['always_invoice', 'create_prorations', 'none'] as const
const paymentBehaviors = ['allow_incomplete', 'error_if_incomplete', 'default_incomplete', 'pending_if_incomplete'] as const
const statuses = ['active', 'all', 'canceled', 'ended', 'incomplete', 'incomplete_expired', 'past_due', 'paused', 'trialing', 'unpaid'] as const

export const billingRoutes: Route[] = [
  {
    method: 'POST',
    path: '/checkout/sessions',
    handler: (call) =>
      call.run(async (ctx) => {
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
        const session = checkoutSession({
          created: await nowFor(ctx.q, customer),
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
        await insert(ctx.q, session, { customer: customer.id }, { priceId: price.id, quantity, subscriptionMetadata: mergeMetadata({}, read.metadata(subscriptionData)) })
        return session
      }),
  },
  {
    method: 'GET',
    path: '/checkout/sessions',
    handler: (call) =>
      call.run(async (ctx) => {
        const customer = read.string(call.params, 'customer')
        const status = read.oneOf(call.params, 'status', ['open', 'complete', 'expired'])
        return list<Stripe.Checkout.Session>(ctx.q, 'checkout.session', { ...(customer ? { customer } : {}), json: status ? { status } : {} }, call.page(), '/v1/checkout/sessions')
      }),
  },
  {
    method: 'GET',
    path: '/checkout/sessions/:id',
    handler: (call) =>
      call.run(async (ctx) => {
        const session = (await mustLoad<Stripe.Checkout.Session>(ctx.q, 'checkout.session', call.path.id!, { lock: true })).data
        await expireIfDue(ctx, session, (await mustLoad<Stripe.Customer>(ctx.q, 'customer', String(session.customer))).data)
        return session
      }),
  },
  {
    method: 'POST',
    path: '/checkout/sessions/:id/expire',
    handler: (call) =>
      call.run(async (ctx) => {
        const session = (await mustLoad<Stripe.Checkout.Session>(ctx.q, 'checkout.session', call.path.id!, { lock: true })).data
        if (session.status !== 'open')
          throw errors.request(`Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`, {
            code: 'checkout_session_unexpected_state',
          })
        await expire(ctx, session)
        return session
      }),
  },
  {
    method: 'GET',
    path: '/checkout/sessions/:id/line_items',
    handler: (call) =>
      call.run(async (ctx) => {
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
  },
  {
    method: 'POST',
    path: '/billing_portal/sessions',
    handler: (call) =>
      call.run(async (ctx) => {
        const customerId = read.string(call.params, 'customer', { required: true })!
        const customer = (await mustLoad<Stripe.Customer>(ctx.q, 'customer', customerId, { param: 'customer' })).data
        const session = portalSession({ created: await nowFor(ctx.q, customer), customer: customer.id, returnUrl: read.string(call.params, 'return_url') ?? null, origin: ctx.core.origin })
        await insert(ctx.q, session, { customer: customer.id })
        return session
      }),
  },
  {
    method: 'POST',
    path: '/subscriptions',
    handler: (call) =>
      call.run(async (ctx) => {
        const customerId = read.string(call.params, 'customer', { required: true })!
        const customer = (await mustLoad<Stripe.Customer>(ctx.q, 'customer', customerId, { param: 'customer' })).data
        const items = read.array(call.params, 'items')
        if (items.length !== 1) throw errors.invalid('items', 'The payment sandbox takes exactly one subscription item.')
        const priceId = read.string(items[0]!, 'price')
        if (!priceId) throw errors.required('items[0][price]')
        const paymentMethod = read.string(call.params, 'default_payment_method') ?? null
        if (paymentMethod) {
          const method = await mustLoad<Stripe.PaymentMethod>(ctx.q, 'payment_method', paymentMethod, { param: 'default_payment_method' })
          if (method.data.customer !== customer.id)
            throw errors.invalid('default_payment_method', `The customer does not have a payment method with the ID ${paymentMethod}. The payment method must be attached to the customer.`)
        }
        const behavior = read.oneOf(call.params, 'payment_behavior', paymentBehaviors) ?? 'allow_incomplete'
        findPrice(ctx.core, priceId, 'items[0][price]')
        const started = await startSubscription(ctx, {
          customer,
          priceId,
          quantity: read.integer(items[0]!, 'quantity', { min: 1, param: 'items[0][quantity]' }) ?? 1,
          paymentMethod,
          metadata: mergeMetadata({}, read.metadata(call.params)),
        })
        if (started.failure && behavior === 'error_if_incomplete') {
          throw chargeError(started.failure)
        }
        return started.subscription
      }),
  },
  {
    method: 'GET',
    path: '/subscriptions/:id',
    handler: (call) => call.run(async (ctx) => (await mustLoad<Stripe.Subscription>(ctx.q, 'subscription', call.path.id!)).data),
  },
  {
    method: 'GET',
    path: '/subscriptions',
    handler: (call) =>
      call.run(async (ctx) => {
        const customer = read.string(call.params, 'customer')
        const status = read.oneOf(call.params, 'status', statuses)
        const price = read.string(call.params, 'price')
        const json: Record<string, string | string[]> = {}
        if (status === undefined) json.status = ['active', 'past_due', 'unpaid', 'trialing', 'incomplete', 'paused']
        else if (status === 'ended') json.status = ['canceled', 'incomplete_expired']
        else if (status !== 'all') json.status = status
        const page = await list<Stripe.Subscription>(ctx.q, 'subscription', { ...(customer ? { customer } : {}), json }, price ? { limit: 100 } : call.page(), '/v1/subscriptions')
        if (price) page.data = page.data.filter((subscription) => subscription.items.data.some((item) => item.price.id === price))
        return page
      }),
  },
  {
    method: 'POST',
    path: '/subscriptions/:id',
    handler: (call) =>
      call.run(async (ctx) => {
        const items = read.array(call.params, 'items')
        if (items.length > 1) throw errors.invalid('items', 'The payment sandbox takes exactly one subscription item.')
        const item = items[0] ?? {}
        const defaultPaymentMethod = call.params.default_payment_method === undefined ? undefined : (read.string(call.params, 'default_payment_method') ?? null)
        const metadata = read.metadata(call.params)
        const current = metadata === undefined ? undefined : (await mustLoad<Stripe.Subscription>(ctx.q, 'subscription', call.path.id!)).data.metadata
        return updateSubscription(ctx, call.path.id!, {
          itemId: read.string(item, 'id', { param: 'items[0][id]' }),
          priceId: read.string(item, 'price', { param: 'items[0][price]' }),
          quantity: read.integer(item, 'quantity', { min: 1, param: 'items[0][quantity]' }),
          prorationBehavior: read.oneOf(call.params, 'proration_behavior', prorationBehaviors) ?? 'create_prorations',
          prorationDate: read.integer(call.params, 'proration_date'),
          paymentBehavior: read.oneOf(call.params, 'payment_behavior', paymentBehaviors) ?? 'allow_incomplete',
          cancelAtPeriodEnd: read.boolean(call.params, 'cancel_at_period_end'),
          metadata: current === undefined ? undefined : mergeMetadata(current, metadata),
          defaultPaymentMethod,
        })
      }),
  },
  {
    method: 'DELETE',
    path: '/subscriptions/:id',
    handler: (call) => call.run((ctx) => cancelSubscription(ctx, call.path.id!)),
  },
  {
    method: 'GET',
    path: '/invoices/:id',
    handler: (call) => call.run(async (ctx) => (await mustLoad<Stripe.Invoice>(ctx.q, 'invoice', call.path.id!)).data),
  },
  {
    method: 'GET',
    path: '/invoices',
    handler: (call) =>
      call.run(async (ctx) => {
        const customer = read.string(call.params, 'customer')
        const subscription = read.string(call.params, 'subscription')
        const status = read.oneOf(call.params, 'status', ['draft', 'open', 'paid', 'uncollectible', 'void'])
        return list<Stripe.Invoice>(ctx.q, 'invoice', { ...(customer ? { customer } : {}), ...(subscription ? { subscription } : {}), json: status ? { status } : {} }, call.page(), '/v1/invoices')
      }),
  },
  {
    method: 'POST',
    path: '/invoices/create_preview',
    handler: (call) =>
      call.run(async (ctx) => {
        const customer = read.string(call.params, 'customer', { required: true })!
        const subscription = read.string(call.params, 'subscription', { required: true })!
        const details = read.object(call.params, 'subscription_details') ?? {}
        const items = read.array(details, 'items')
        const item = items[0] ?? {}
        return previewInvoice(ctx, {
          customer,
          subscription,
          itemId: read.string(item, 'id', { param: 'subscription_details[items][0][id]' }),
          priceId: read.string(item, 'price', { param: 'subscription_details[items][0][price]' }),
          quantity: read.integer(item, 'quantity', { min: 1, param: 'subscription_details[items][0][quantity]' }),
          prorationBehavior: (read.oneOf(details, 'proration_behavior', prorationBehaviors, { param: 'subscription_details[proration_behavior]' }) ?? 'create_prorations') as ProrationBehavior,
          prorationDate: read.integer(details, 'proration_date', { param: 'subscription_details[proration_date]' }),
        })
      }),
  },
  {
    method: 'GET',
    path: '/prices/:id',
    handler: async (call) => {
      const price = findPrice(call.core, call.path.id!, 'id')
      return priceObject(price, 0)
    },
  },
  {
    method: 'GET',
    path: '/prices',
    handler: async (call) => ({ object: 'list', data: call.core.prices.map((price) => priceObject(price, 0)), has_more: false, url: '/v1/prices' }),
  },
  {
    method: 'GET',
    path: '/products/:id',
    handler: async (call) => {
      const price = call.core.prices.find((candidate) => productId(candidate) === call.path.id)
      if (!price) throw errors.missing('product', call.path.id!)
      return product(price, 0)
    },
  },
  {
    method: 'GET',
    path: '/events/:id',
    handler: (call) =>
      call.run(async (ctx) => {
        const event = await loadEvent(ctx.q, call.path.id!)
        if (!event) throw errors.missing('event', call.path.id!)
        return event
      }),
  },
  {
    method: 'GET',
    path: '/events',
    handler: (call) => call.run((ctx) => listEvents(ctx.q, { type: read.string(call.params, 'type') }, call.page())),
  },
  {
    method: 'POST',
    path: '/test_helpers/test_clocks',
    handler: (call) =>
      call.run(async (ctx) => {
        const frozenTime = read.integer(call.params, 'frozen_time', { required: true })!
        const clock = buildTestClock({ created: unix(Date.now()), frozenTime, name: read.string(call.params, 'name') ?? null })
        await insert(ctx.q, clock, { testClock: clock.id })
        return clock
      }),
  },
  {
    method: 'GET',
    path: '/test_helpers/test_clocks/:id',
    handler: (call) => call.run(async (ctx) => (await mustLoad<Stripe.TestHelpers.TestClock>(ctx.q, 'test_helpers.test_clock', call.path.id!)).data),
  },
  {
    method: 'GET',
    path: '/test_helpers/test_clocks',
    handler: (call) => call.run((ctx) => list<Stripe.TestHelpers.TestClock>(ctx.q, 'test_helpers.test_clock', {}, call.page(), '/v1/test_helpers/test_clocks')),
  },
  {
    method: 'POST',
    path: '/test_helpers/test_clocks/:id/advance',
    handler: (call) =>
      call.run(async (ctx) => {
        const clock = (await mustLoad<Stripe.TestHelpers.TestClock>(ctx.q, 'test_helpers.test_clock', call.path.id!, { lock: true })).data
        const frozenTime = read.integer(call.params, 'frozen_time', { required: true })!
        if (frozenTime <= clock.frozen_time) throw errors.invalid('frozen_time', `The frozen_time must be after the test clock's current frozen time (${clock.frozen_time}).`)
        clock.frozen_time = frozenTime
        clock.status = 'ready'
        await save(ctx.q, clock)
        // What happens as time passes is caused by the clock, not by this request.
        const clockCtx = { ...ctx, request: { id: null, idempotencyKey: null } }
        const customers = await list<Stripe.Customer>(ctx.q, 'customer', { testClock: clock.id }, { limit: 10_000 }, '')
        for (const customer of customers.data.reverse()) await advanceSubscriptions(clockCtx, customer, frozenTime)
        return clock
      }),
  },
]
