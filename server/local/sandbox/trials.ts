import type Stripe from 'stripe'
import { chargedPaymentMethod } from './billing'
import { errors, read, type Params } from './protocol'

/** Free trials: when they end, and what their end does to a subscription without a payment method. */

/** A free trial until `end`; what happens at its end without a payment method. */
export interface TrialInput {
  end: number
  missingPaymentMethod: Stripe.Subscription.TrialSettings.EndBehavior.MissingPaymentMethod
}

const DAY = 86_400
/** Stripe's longest trial: two years. */
const longestTrialDays = 730

type MissingPaymentMethod = TrialInput['missingPaymentMethod']

/** A new subscription's trial: `trial_period_days` or `trial_end` (a time, or 'now' for none), and `trial_settings`. */
export function readTrial(params: Params, now: number): TrialInput | undefined {
  const days = read.integer(params, 'trial_period_days', { min: 1, max: longestTrialDays })
  const end = readTrialEnd(params)
  if (days !== undefined && end !== undefined) throw errors.request('You may only specify one of these parameters: trial_end, trial_period_days.')
  const settings = read.object(params, 'trial_settings')
  const behaviour = settings ? read.object(settings, 'end_behavior') : undefined
  const missing = behaviour ? read.oneOf(behaviour, 'missing_payment_method', ['cancel', 'create_invoice', 'pause'], { param: 'trial_settings[end_behavior][missing_payment_method]' }) : undefined
  if (missing === 'pause') throw errors.invalid('trial_settings[end_behavior][missing_payment_method]', 'The payment sandbox does not pause subscriptions: use cancel or create_invoice.')
  const missingPaymentMethod: MissingPaymentMethod = missing ?? 'create_invoice'
  if (days !== undefined) return { end: now + days * DAY, missingPaymentMethod }
  if (end === undefined || end === 'now') return undefined
  if (end > now + longestTrialDays * DAY) throw errors.invalid('trial_end', `Invalid timestamp: can be no more than ${longestTrialDays} days in the future.`)
  return { end, missingPaymentMethod }
}

/** `trial_end`: a Unix time, or 'now'. */
export function readTrialEnd(params: Params): number | 'now' | undefined {
  if (params.trial_end === 'now') return 'now'
  return read.integer(params, 'trial_end')
}

/** Whether a trial's end cancels the subscription: `missing_payment_method: cancel` and nothing to charge. */
export function trialEndCancels(subscription: Stripe.Subscription, customer: Stripe.Customer): boolean {
  const cancels = subscription.trial_settings?.end_behavior.missing_payment_method === 'cancel'
  return cancels && subscription.collection_method === 'charge_automatically' && chargedPaymentMethod(subscription, customer) === null
}

/** Moves a trialing subscription's trial (and so its first period) to end at `end`. */
export function moveTrialEnd(subscription: Stripe.Subscription, end: number, now: number) {
  if (subscription.status !== 'trialing') throw errors.invalid('trial_end', 'The subscription is not trialing: trial_end can only be changed during a trial.')
  if (end <= now) throw errors.invalid('trial_end', 'Invalid timestamp: must be an integer Unix timestamp in the future.')
  subscription.trial_end = end
  subscription.billing_cycle_anchor = end
  subscription.items.data = subscription.items.data.map((item) => ({ ...item, current_period_end: end }))
}

/** Stripe tells of a trial's end three days before it. */
export const trialWillEndAt = (subscription: Stripe.Subscription) => (subscription.trial_end ?? 0) - 3 * DAY
