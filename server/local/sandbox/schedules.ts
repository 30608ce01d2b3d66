import type Stripe from 'stripe'
import { nowFor } from './billing'
import { canceled } from './cancellation'
import { findPrice, type Ctx } from './context'
import { addYear } from './objects/ids'
import { planObject, priceObject } from './objects/catalogue'
import { schedulePhase, subscriptionSchedule } from './objects/subscription-schedules'
import { errors } from './protocol'
import { changes, insert, mustLoad, recordEvent, save } from './store'

/**
 * Subscription schedules as the portal uses them: made from a subscription (its current period as
 * the first phase), given the phases that follow, applied at the renewal where a phase starts, and
 * released (by request, or when the last phase ends). The sandbox changes a subscription only at
 * its renewals: the current phase keeps its price and seats and ends with the period, and every
 * later phase lasts whole years.
 */

export interface PhaseInput {
  price: string
  quantity: number
  start?: number
  end?: number
  /** `duration[interval]=year` with its count. */
  years?: number
}

const idOf = (value: string | { id: string } | null | undefined) => (value == null ? null : typeof value === 'string' ? value : value.id)
const yearsAfter = (start: number, years: number) => Array.from({ length: years }).reduce<number>((at) => addYear(at), start)

async function setSchedule(ctx: Ctx, subscription: Stripe.Subscription, schedule: string | null) {
  const before = structuredClone(subscription)
  subscription.schedule = schedule
  await save(ctx.q, subscription)
  await recordEvent(ctx.q, ctx.request, 'customer.subscription.updated', subscription, changes(before, subscription))
}

/** POST /v1/subscription_schedules with from_subscription. */
export async function scheduleFromSubscription(ctx: Ctx, subscriptionId: string): Promise<Stripe.SubscriptionSchedule> {
  const subscription = (await mustLoad<Stripe.Subscription>(ctx.q, 'subscription', subscriptionId, { lock: true, param: 'from_subscription' })).data
  if (subscription.schedule) throw errors.request(`You cannot migrate a subscription that is already attached to a schedule: \`${idOf(subscription.schedule)}\`.`, { param: 'from_subscription' })
  if (canceled(subscription)) throw errors.request(`You cannot migrate a subscription that is ${subscription.status}.`, { param: 'from_subscription' })
  const item = subscription.items.data[0]!
  const customer = (await mustLoad<Stripe.Customer>(ctx.q, 'customer', String(subscription.customer))).data
  const schedule = subscriptionSchedule({
    customer: customer.id,
    subscription: subscription.id,
    created: await nowFor(ctx.q, customer),
    testClock: idOf(customer.test_clock),
    phases: [schedulePhase({ start: item.current_period_start, end: item.current_period_end, price: item.price.id, quantity: item.quantity ?? 1 })],
  })
  // A subscription set to cancel ends with its schedule's last phase.
  if (subscription.cancel_at_period_end) schedule.end_behavior = 'cancel'
  await insert(ctx.q, schedule, { customer: customer.id, subscription: subscription.id, testClock: idOf(customer.test_clock) })
  await setSchedule(ctx, subscription, schedule.id)
  return schedule
}

const editable = (schedule: Stripe.SubscriptionSchedule) => {
  if (schedule.status !== 'active' && schedule.status !== 'not_started')
    throw errors.request(`You cannot update a subscription schedule that is currently in the \`${schedule.status}\` status. It must be in one of the following statuses: \`not_started\`, \`active\`.`)
}

/** POST /v1/subscription_schedules/:id with phases (and end_behavior). */
export async function updatePhases(ctx: Ctx, id: string, phases: PhaseInput[] | undefined, endBehavior: Stripe.SubscriptionSchedule.EndBehavior | undefined) {
  const schedule = (await mustLoad<Stripe.SubscriptionSchedule>(ctx.q, 'subscription_schedule', id, { lock: true })).data
  editable(schedule)
  if (endBehavior) schedule.end_behavior = endBehavior
  if (phases) {
    const current = schedule.current_phase!
    const currentPhase = schedule.phases.find((phase) => phase.start_date === current.start_date)!
    const [first, ...later] = phases
    if (!first) throw errors.invalid('phases', 'A schedule needs at least one phase.')
    if (first.start !== undefined && first.start !== current.start_date) throw errors.invalid('phases[0][start_date]', 'You can not modify the start date of the current phase.')
    const kept = currentPhase.items[0]!
    if (first.price !== idOf(kept.price as string) || first.quantity !== kept.quantity || (first.end ?? current.end_date) !== current.end_date)
      throw errors.invalid('phases[0]', "The payment sandbox keeps the current phase's price, quantity and end (the end of the subscription's period); change the phases after it.")
    let start = current.end_date
    const next = [currentPhase]
    for (const [index, phase] of later.entries()) {
      findPrice(ctx.core, phase.price, `phases[${index + 1}][items][0][price]`)
      if (phase.start !== undefined && phase.start !== start) throw errors.invalid(`phases[${index + 1}][start_date]`, 'The start_date of a phase must be the end_date of the phase before it.')
      const end = phase.end ?? yearsAfter(start, phase.years ?? 1)
      if (![1, 2, 3].some((years) => yearsAfter(start, years) === end)) throw errors.invalid(`phases[${index + 1}][end_date]`, 'The payment sandbox takes phases of whole years only.')
      next.push(schedulePhase({ start, end, price: phase.price, quantity: phase.quantity }))
      start = end
    }
    schedule.phases = next
  }
  await save(ctx.q, schedule)
  return schedule
}

/** POST /v1/subscription_schedules/:id/release: the subscription goes on as it is, without the schedule. */
export async function releaseSchedule(ctx: Ctx, id: string): Promise<Stripe.SubscriptionSchedule> {
  const schedule = (await mustLoad<Stripe.SubscriptionSchedule>(ctx.q, 'subscription_schedule', id, { lock: true })).data
  editable(schedule)
  const subscription = (await mustLoad<Stripe.Subscription>(ctx.q, 'subscription', idOf(schedule.subscription as string)!, { lock: true })).data
  const customer = (await mustLoad<Stripe.Customer>(ctx.q, 'customer', String(subscription.customer))).data
  Object.assign(schedule, { status: 'released', released_at: await nowFor(ctx.q, customer), released_subscription: subscription.id, subscription: null, current_phase: null })
  await save(ctx.q, schedule)
  await setSchedule(ctx, subscription, null)
  return schedule
}

/**
 * At a renewal (`at`, the old period's end): the phase that starts then sets the subscription's
 * price and seats for the new period; after the last phase, the schedule is released (its
 * end_behavior), and a schedule that ends in `cancel` leaves the renewal to cancel the subscription.
 */
export async function applyScheduleAt(ctx: Ctx, subscription: Stripe.Subscription, at: number): Promise<void> {
  const scheduleId = idOf(subscription.schedule as string | null)
  if (!scheduleId) return
  const schedule = (await mustLoad<Stripe.SubscriptionSchedule>(ctx.q, 'subscription_schedule', scheduleId, { lock: true })).data
  const phase = schedule.phases.find((candidate) => candidate.start_date === at)
  if (phase) {
    const price = findPrice(ctx.core, String(phase.items[0]!.price))
    const item = subscription.items.data[0]!
    subscription.items.data = [{ ...item, price: priceObject(price, item.created), plan: planObject(price, item.created), quantity: phase.items[0]!.quantity ?? 1 }]
    schedule.current_phase = { start_date: phase.start_date, end_date: phase.end_date }
    await save(ctx.q, schedule)
    return
  }
  if (schedule.end_behavior !== 'release') return
  Object.assign(schedule, { status: 'released', released_at: at, released_subscription: subscription.id, subscription: null, current_phase: null })
  await save(ctx.q, schedule)
  subscription.schedule = null
}
