import type { Renewal } from '@/common/billing-contract'
import type { UpgradeRequest } from '@/common/contract'
import type { Database, Queryable } from '../db/database'
import { renewableSubscriptionFor } from '../licensing/billing-access'
import { recordUpgradeRefusal } from '../licensing/billing-account'
import { lockOwner } from '../licensing/owner-lock'
import { checkRenewalNotInvoiced } from '../licensing/renewal-invoices'
import { checkRenewalSeats, recordRenewalSeats, renewalOf } from '../licensing/renewals'
import type { SubscriptionState } from '../licensing/subscription'
import { applySubscription } from '../licensing/subscription-store'
import { needsCard, planUpgrade } from '../licensing/upgrade'
import { PaymentDeclinedError } from './errors'
import type { StripeGateway } from './gateway'
import { inSubscriptionTurn } from './subscription-sync'

/**
 * The portal's own changes of a subscription (an upgrade, its renewal's seats, auto-renewal), as
 * the webhook's sync (subscription-sync.ts) is Stripe's: each change is weighed, sent to Stripe and
 * recorded in the subscription's turn, across instances, so the portal records what Stripe accepted
 * last. The routes (server/api/billing.ts, renewals.ts) keep to HTTP: they hand over the request,
 * and the idempotency key of each write to Stripe.
 */

/**
 * The one protocol: in the subscription's turn, `ask` sends the change to Stripe; the state Stripe
 * answers (none for a change to a renewal's schedule) is applied at once, in the turn (the webhook
 * that follows finds it done, and a refresh shows the change), then `record` keeps what the portal
 * notes beside it.
 */
const changeInTurn = <A extends { state: SubscriptionState | null }>(
  db: Database,
  stripeSubscriptionId: string,
  ask: (turn: Queryable) => Promise<A>,
  record?: (tx: Queryable, answer: A) => Promise<void>,
) =>
  inSubscriptionTurn(db, stripeSubscriptionId, ask, async (tx, answer, askedAt) => {
    if (answer.state) await applySubscription(tx, answer.state, { askedAt })
    await record?.(tx, answer)
  })

/** The key of one write to Stripe: what it is about (`content`), and which object (`part`) when a request writes several. */
export type KeyOf = (content: unknown, part: string) => string

/**
 * Upgrades the caller's live subscriptions to the requested plan and seats, each one in its turn.
 * Each change is planned again under the owner's lock before Stripe is asked (the seats assigned,
 * the one license type), and the lock is held until Stripe's answer is applied: an assignment at
 * the same moment, on any instance, comes before the plan or after the new seats, never between.
 */
export async function upgradeSubscriptions(db: Database, gateway: StripeGateway, oid: string, request: UpgradeRequest, keyOf: KeyOf): Promise<void> {
  const { customerId, changes } = await planUpgrade(db, oid, request)
  if (needsCard(request) && !(await gateway.defaultCard(customerId))) throw new PaymentDeclinedError('There is no payment method on file to charge.', 'payment_method_missing')
  for (const { subscription } of changes) {
    await changeInTurn(db, subscription.stripe_subscription_id, async (turn) => {
      const { refusals, changes: now } = await planUpgrade(turn, oid, request, { lockOwner: true })
      const change = now.find((planned) => planned.subscription.id === subscription.id)
      // Already on the new plan and seats (another request finished it meanwhile).
      if (!change) return { state: null }
      // The key names the change, the state it starts from and the attempt: the same request again
      // is the same charge, and after a refusal (which Stripe replays for as long as its key lives,
      // a day) the customer's next attempt, with another card or the same one, is charged anew.
      const from = change.subscription
      const content = { subscription: from.stripe_subscription_id, from: [from.price_id, from.quantity], to: [request.priceId, change.quantity], attempt: refusals }
      const idempotencyKey = keyOf(content, from.stripe_subscription_id)
      return { state: await gateway.changeSubscription({ subscriptionId: from.stripe_subscription_id, priceId: request.priceId, quantity: change.quantity, idempotencyKey }) }
    }).catch(async (error: unknown) => {
      // Once the turn has let the owner's row go: its transaction rolled back with the refusal.
      if (error instanceof PaymentDeclinedError) await recordUpgradeRefusal(db, oid)
      throw error
    })
  }
}

/** A renewal change the caller asks for: of which subscription, and the key of its write to Stripe. */
interface RenewalChange {
  callerOid: string
  subscriptionId: string
  idempotencyKey: string
}

/**
 * A change of the subscription's renewal, in its turn: the renewal read, Stripe asked (`ask`, given
 * the subscription's id at Stripe), the answer recorded (`record`); answers the renewal as it is then.
 */
async function changeRenewal<A extends { state: SubscriptionState | null }>(
  db: Database,
  change: RenewalChange,
  ask: (renewal: Renewal, stripeSubscriptionId: string, turn: Queryable) => Promise<A>,
  record: (tx: Queryable, renewal: Renewal, answer: A) => Promise<void>,
): Promise<Renewal> {
  const subscription = await renewableSubscriptionFor(db, change.callerOid, change.subscriptionId)
  await changeInTurn(
    db,
    subscription.stripe_subscription_id,
    async (turn) => {
      // Read under the owner's lock, held until the change is recorded: the seats assigned are those the rules weigh.
      await lockOwner(turn, subscription.owner_oid)
      const renewal = await renewalOf(turn, subscription.owner_oid, subscription.id)
      return { renewal, ...(await ask(renewal, subscription.stripe_subscription_id, turn)) }
    },
    (tx, answer) => record(tx, answer.renewal, answer),
  )
  return renewalOf(db, subscription.owner_oid, subscription.id)
}

/** Sets the seats the subscription renews with (fewer than now under a schedule, or the same). */
export const setRenewalSeats = (db: Database, gateway: StripeGateway, change: RenewalChange & { seats: number }) =>
  changeRenewal(
    db,
    change,
    async (renewal, subscriptionId, turn) => {
      await checkRenewalNotInvoiced(turn, renewal)
      checkRenewalSeats(renewal, change.seats)
      return { scheduleId: await gateway.scheduleRenewalSeats({ subscriptionId, seats: change.seats, idempotencyKey: change.idempotencyKey }), state: null }
    },
    (tx, renewal, { scheduleId }) => recordRenewalSeats(tx, renewal, change.seats, scheduleId),
  )

/** Turns the subscription's auto-renewal on or off. */
export const setAutoRenew = (db: Database, gateway: StripeGateway, change: RenewalChange & { autoRenew: boolean }) =>
  changeRenewal(
    db,
    change,
    async (renewal, subscriptionId) => {
      if (!change.autoRenew) await checkRenewalNotInvoiced(db, renewal)
      return { state: await gateway.setAutoRenew({ subscriptionId, autoRenew: change.autoRenew, idempotencyKey: change.idempotencyKey }) }
    },
    // A subscription that ends has no reduction to make.
    async (tx, renewal) => {
      if (!change.autoRenew) await recordRenewalSeats(tx, renewal, renewal.seats, null)
    },
  )

/**
 * Seats added to a subscription collected by invoice (issue 49), in its turn: Stripe invoices them
 * on it and the portal records the new seats and the invoice's due date at once.
 */
export async function addInvoicedSeats(db: Database, gateway: StripeGateway, change: Parameters<StripeGateway['addInvoicedSeats']>[0]) {
  let invoice: Awaited<ReturnType<StripeGateway['addInvoicedSeats']>>['invoice'] | undefined
  await changeInTurn(db, change.subscriptionId, async () => {
    const answer = await gateway.addInvoicedSeats(change)
    invoice = answer.invoice
    return answer
  })
  return invoice!
}
