import type Stripe from 'stripe'
import { chargeError } from '../billing'
import { cancelSubscription } from '../cancellation'
import { findPrice } from '../context'
import { previewInvoice } from '../invoice-preview'
import { attachedMethod } from '../payment-methods'
import { errors, mergeMetadata, read } from '../protocol'
import { list, mustLoad } from '../store'
import { startSubscription, updateSubscription, type ProrationBehavior } from '../subscriptions'
import { retrieve, route, type Route } from './router'
import { withPdf } from '../invoice-pdf'
import { readCollection, readCustomFields } from '../collection'
import { readTrial, readTrialEnd } from '../trials'
import { nowFor } from '../billing'
import { payInvoice } from '../invoice-payment'

const prorationBehaviors = ['always_invoice', 'create_prorations', 'none'] as const
const paymentBehaviors = ['allow_incomplete', 'error_if_incomplete', 'default_incomplete', 'pending_if_incomplete'] as const
const statuses = ['active', 'all', 'canceled', 'ended', 'incomplete', 'incomplete_expired', 'past_due', 'paused', 'trialing', 'unpaid'] as const

/** Subscriptions and their invoices. */

export const subscriptionRoutes: Route[] = [
  route('POST', '/subscriptions', async (ctx, call) => {
    const customerId = read.string(call.params, 'customer', { required: true })!
    const customer = (await mustLoad<Stripe.Customer>(ctx.q, 'customer', customerId, { param: 'customer' })).data
    const items = read.array(call.params, 'items')
    if (items.length !== 1) throw errors.invalid('items', 'The payment sandbox takes exactly one subscription item.')
    const priceId = read.string(items[0]!, 'price')
    if (!priceId) throw errors.required('items[0][price]')
    const paymentMethod = read.string(call.params, 'default_payment_method') ?? null
    if (paymentMethod) await attachedMethod(ctx.q, customer.id, paymentMethod, 'default_payment_method')
    const behavior = read.oneOf(call.params, 'payment_behavior', paymentBehaviors) ?? 'allow_incomplete'
    findPrice(ctx.core, priceId, 'items[0][price]')
    const started = await startSubscription(ctx, {
      customer,
      priceId,
      quantity: read.integer(items[0]!, 'quantity', { min: 1, param: 'items[0][quantity]' }) ?? 1,
      paymentMethod,
      metadata: mergeMetadata({}, read.metadata(call.params)),
      collection: readCollection(call.params, { params: call.params, param: 'days_until_due' }),
      customFields: readCustomFields(read.object(call.params, 'invoice_settings'), 'invoice_settings'),
      trial: await readTrial(call.params, await nowFor(ctx.q, customer)),
    })
    if (started.failure && behavior === 'error_if_incomplete') {
      throw chargeError(started.failure)
    }
    return started.subscription
  }),
  retrieve<Stripe.Subscription>('/subscriptions/:id', 'subscription'),
  route('GET', '/subscriptions', async (ctx, call) => {
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
  route('POST', '/subscriptions/:id', async (ctx, call) => {
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
      trialEnd: readTrialEnd(call.params),
      customFields: call.params.invoice_settings === undefined ? undefined : readCustomFields(read.object(call.params, 'invoice_settings'), 'invoice_settings'),
    })
  }),
  route('DELETE', '/subscriptions/:id', (ctx, call) => cancelSubscription(ctx, call.path.id!)),
  route('GET', '/invoices/:id', async (ctx, call) => withPdf(ctx.core, (await mustLoad<Stripe.Invoice>(ctx.q, 'invoice', call.path.id!)).data)),
  route('GET', '/invoices', async (ctx, call) => {
    const customer = read.string(call.params, 'customer')
    const subscription = read.string(call.params, 'subscription')
    const status = read.oneOf(call.params, 'status', ['draft', 'open', 'paid', 'uncollectible', 'void'])
    const page = await list<Stripe.Invoice>(
      ctx.q,
      'invoice',
      { ...(customer ? { customer } : {}), ...(subscription ? { subscription } : {}), json: status ? { status } : {} },
      call.page(),
      '/v1/invoices',
    )
    return { ...page, data: page.data.map((invoice) => withPdf(ctx.core, invoice)) }
  }),
  route('POST', '/invoices/:id/pay', async (ctx, call) =>
    withPdf(ctx.core, await payInvoice(ctx, call.path.id!, { outOfBand: read.boolean(call.params, 'paid_out_of_band') ?? false, paymentMethod: read.string(call.params, 'payment_method') ?? null })),
  ),
  route('POST', '/invoices/create_preview', async (ctx, call) => {
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
]
