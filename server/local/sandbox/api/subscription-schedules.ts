import type Stripe from 'stripe'
import { errors, read, type Params } from '../protocol'
import { releaseSchedule, scheduleFromSubscription, updatePhases, type PhaseInput } from '../schedules'
import { list } from '../store'
import { retrieve, route, type Route } from './router'

/** Subscription schedules (schedules.ts): made from a subscription, their phases changed, released. */

const endBehaviors = ['release', 'cancel', 'none', 'renew'] as const

function readPhase(phase: Params, index: number): PhaseInput {
  const at = `phases[${index}]`
  const items = read.array(phase, 'items')
  if (items.length !== 1) throw errors.invalid(`${at}[items]`, 'The payment sandbox takes exactly one item a phase.')
  if (phase.iterations !== undefined) throw errors.unknown(`${at}[iterations]`)
  const duration = read.object(phase, 'duration')
  if (duration) read.oneOf(duration, 'interval', ['year'], { required: true, param: `${at}[duration][interval]` })
  if (duration && phase.end_date !== undefined) throw errors.request(`You may only specify one of these parameters: ${at}[duration], ${at}[end_date].`)
  return {
    price: read.string(items[0]!, 'price', { required: true, param: `${at}[items][0][price]` })!,
    quantity: read.integer(items[0]!, 'quantity', { min: 1, param: `${at}[items][0][quantity]` }) ?? 1,
    start: read.integer(phase, 'start_date', { param: `${at}[start_date]` }),
    end: read.integer(phase, 'end_date', { param: `${at}[end_date]` }),
    years: duration ? (read.integer(duration, 'interval_count', { min: 1, max: 3, param: `${at}[duration][interval_count]` }) ?? 1) : undefined,
  }
}

export const subscriptionScheduleRoutes: Route[] = [
  route('POST', '/subscription_schedules', async (ctx, call) => {
    const from = read.string(call.params, 'from_subscription')
    if (!from) throw errors.invalid('from_subscription', 'The payment sandbox makes schedules from a subscription only (from_subscription).')
    if (call.params.phases !== undefined) throw errors.request('You cannot set `phases` if `from_subscription` is set.', { param: 'phases' })
    return scheduleFromSubscription(ctx, from)
  }),
  retrieve<Stripe.SubscriptionSchedule>('/subscription_schedules/:id', 'subscription_schedule'),
  route('GET', '/subscription_schedules', async (ctx, call) => {
    const customer = read.string(call.params, 'customer')
    return list<Stripe.SubscriptionSchedule>(ctx.q, 'subscription_schedule', customer ? { customer } : {}, call.page(), '/v1/subscription_schedules')
  }),
  route('POST', '/subscription_schedules/:id', async (ctx, call) => {
    const phases = call.params.phases === undefined ? undefined : read.array(call.params, 'phases').map(readPhase)
    read.oneOf(call.params, 'proration_behavior', ['always_invoice', 'create_prorations', 'none'])
    return updatePhases(ctx, call.path.id!, phases, read.oneOf(call.params, 'end_behavior', endBehaviors))
  }),
  route('POST', '/subscription_schedules/:id/release', (ctx, call) => releaseSchedule(ctx, call.path.id!)),
]
