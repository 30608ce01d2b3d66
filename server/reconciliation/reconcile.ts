import type { Database } from '../db/database'
import { lapseOverdue } from '../licensing/lapse'
import { hasEnded, isLive } from '../licensing/standing'
import type { ObservedSubscription, StoredSubscription } from '../licensing/subscription'
import { overAssignedMessage, overAssignedSubscriptions } from '../licensing/subscription-store'
import { log } from '../log'
import type { StripeGateway } from '../payments/gateway'
import { syncSubscription } from '../payments/subscription-sync'
import { differencesOf, type Difference } from './differences'

export interface ReconcileReport {
  /** Subscriptions compared: Stripe's open ones, and the portal's open ones Stripe no longer lists. */
  compared: number
  differences: Difference[]
  /** Subscriptions brought to Stripe's state (none in a dry run). */
  applied: number
  /** Subscriptions that could not be compared or applied (each logged). */
  failed: number
  /** Live subscriptions ended because their period is long over with no renewal (subscription.ts: lapseAfterDays). */
  lapsed: string[]
  /** Subscriptions left for the next run: the run reached its time bound (`deadline`) first. */
  leftOver: number
  /** Live subscriptions paying for fewer seats than are assigned (Stripe ids), flagged at each run until the owner frees seats or buys more. */
  overAssigned: string[]
}

type Gateway = Pick<StripeGateway, 'openSubscriptions' | 'readSubscription'>

/** The portal's subscriptions by their Stripe id. */
async function heldSubscriptions(db: Database): Promise<Map<string, StoredSubscription>> {
  const rows = await db.query<StoredSubscription & { id: string }>(
    `select stripe_subscription_id as id, price_id as "priceId", quantity, status, current_period_end as "currentPeriodEnd", cancel_at_period_end as "cancelAtPeriodEnd"
       from subscriptions where stripe_subscription_id is not null`,
  )
  return new Map(rows.map(({ id, ...row }) => [id, row]))
}

/**
 * Compares every subscription the portal holds with Stripe's and brings the portal's to Stripe's
 * (each difference logged): Stripe's open subscriptions page by page, then each open one of the
 * portal's that Stripe no longer lists (ended there: a deletion the portal missed), read alone.
 * A live one Stripe has on our plans that the portal never stored is stored (a checkout whose
 * events were lost), when its customer is known. Applying goes through the webhooks' own path, one turn per
 * subscription under its lock, Stripe asked again. Then the live subscriptions whose period ended
 * long ago with no renewal stop being live. `dryRun`: the differences are logged, nothing changes.
 * `deadline` (a time, in ms): past it no further subscription is compared; those left are counted,
 * logged, and compared by the next run.
 */
export async function reconcile(db: Database, gateway: Gateway, options: { dryRun?: boolean; now?: Date; deadline?: number } = {}): Promise<ReconcileReport> {
  const dryRun = options.dryRun ?? false
  const report: ReconcileReport = { compared: 0, differences: [], applied: 0, failed: 0, lapsed: [], leftOver: 0, overAssigned: [] }
  const pastDeadline = () => options.deadline !== undefined && Date.now() >= options.deadline
  const held = await heldSubscriptions(db)
  const open = await gateway.openSubscriptions()

  async function settle(subscriptionId: string, differences: Difference[]) {
    report.compared++
    if (differences.length === 0) return
    for (const difference of differences) log.warn({ ...difference, dryRun }, 'billing reconciliation: the portal differs from Stripe')
    report.differences.push(...differences)
    if (dryRun) return
    const outcome = await syncSubscription(db, gateway, subscriptionId, { context: { job: 'billing-reconciliation' } })
    if (outcome === 'created' || outcome === 'updated') report.applied++
    else report.failed++
  }
  async function settleSafely(subscriptionId: string, compare: () => Promise<Difference[]>) {
    try {
      await settle(subscriptionId, await compare())
    } catch (error) {
      report.failed++
      log.error({ subscriptionId, err: { message: error instanceof Error ? error.message : String(error) } }, 'billing reconciliation: the subscription could not be reconciled')
    }
  }
  const missing = (observed: ObservedSubscription): Difference[] => [{ subscriptionId: observed.stripeSubscriptionId, kind: 'missing', portal: null, stripe: observed.status }]

  for (const observed of open) {
    const portal = held.get(observed.stripeSubscriptionId)
    // Not ours (another product's on the same Stripe account), or never live: nothing to grant.
    if (!portal && (!observed.priceId || !isLive(observed.status))) continue
    if (pastDeadline()) {
      report.leftOver++
      continue
    }
    await settleSafely(observed.stripeSubscriptionId, async () => (portal ? differencesOf(portal, observed, options.now) : missing(observed)))
  }
  const listed = new Set(open.map((observed) => observed.stripeSubscriptionId))
  for (const [subscriptionId, portal] of held) {
    if (listed.has(subscriptionId) || hasEnded(portal.status)) continue
    if (pastDeadline()) {
      report.leftOver++
      continue
    }
    await settleSafely(subscriptionId, async () => {
      const observed = await gateway.readSubscription(subscriptionId)
      // Stripe has no such subscription: logged, left to lapse when its period is long over (never ended on Stripe's word alone of not knowing it).
      if (!observed) throw new Error('Stripe has no such subscription')
      return differencesOf(portal, observed, options.now)
    })
  }
  report.lapsed = await lapseOverdue(db, { dryRun })
  for (const subscriptionId of report.lapsed) log.warn({ subscriptionId, dryRun }, 'billing reconciliation: a live subscription whose period ended long ago with no renewal stops being live')
  for (const over of await overAssignedSubscriptions(db)) {
    report.overAssigned.push(over.stripeSubscriptionId)
    log.error({ subscriptionId: over.stripeSubscriptionId, quantity: over.quantity, assigned: over.assigned, dryRun }, `billing reconciliation: ${overAssignedMessage}`)
  }
  if (report.leftOver)
    log.warn({ compared: report.compared, leftOver: report.leftOver, dryRun }, 'billing reconciliation stopped at its time bound: the subscriptions left are compared by the next run')
  log.info({ ...report, differences: report.differences.length, lapsed: report.lapsed.length, overAssigned: report.overAssigned.length, dryRun }, 'billing reconciliation done')
  return report
}
