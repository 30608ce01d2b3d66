import type { Database } from '../db/database'
import { claimJobRun, endJobRun, runningSince } from '../db/job-runs'
import { log } from '../log'
import type { PeriodicJob } from '../mail/worker'
import type { StripeGateway } from '../payments/gateway'
import { priceMismatches } from '../payments/price-check'
import type { PriceCatalogue } from '../payments/stripe-settings'
import { reconcile, type ReconcileReport } from './reconcile'

export const reconciliationJobName = 'billing-reconciliation'
/** The daily run is due this long after the last one finished (the worker looks every hour, so once a day). */
const everyHours = 23
/** Longer than a run takes: an instance that stops half-way leaves the next run to another after this. */
const leaseMinutes = 60
/** A run compares no further subscription after this long (the rest wait for the next run), well within its lease. */
export const maxRunMinutes = 30

/** Stripe as the reconciliation reads it: the subscriptions, and the prices. */
export interface ReconcilingStripe {
  gateway: Pick<StripeGateway, 'openSubscriptions' | 'readSubscription' | 'priceTerms'>
  prices: PriceCatalogue
}

export type ReconciliationReport = ReconcileReport & { priceMismatches: string[] }

/** The prices checked again (a difference logged as an error: the running instances sell on), then the subscriptions reconciled. */
async function run(db: Database, stripe: ReconcilingStripe, dryRun: boolean): Promise<ReconciliationReport> {
  const deadline = Date.now() + maxRunMinutes * 60_000
  const mismatches = await priceMismatches(stripe.gateway, stripe.prices)
  for (const mismatch of mismatches) log.error({ mismatch }, 'billing reconciliation: a Stripe price differs from the plan the site shows')
  return { ...(await reconcile(db, stripe.gateway, { dryRun, deadline })), priceMismatches: mismatches }
}

/** Runs a reconciliation under the job's lease; null when another instance holds it (or, daily, when it is not due). */
async function leased(db: Database, stripe: ReconcilingStripe, options: { daily: boolean }): Promise<ReconciliationReport | null> {
  const claimed = await claimJobRun(db, reconciliationJobName, { leaseMinutes, everyHours: options.daily ? everyHours : undefined })
  if (!claimed) return null
  try {
    const report = await run(db, stripe, false)
    await endJobRun(db, claimed, 'finished')
    return report
  } catch (error) {
    await endJobRun(db, claimed, 'failed')
    throw error
  }
}

/** The daily reconciliation, as every instance runs it on its own timer (schedule.ts): one instance runs it a day. */
export function reconciliationJob(stripe: ReconcilingStripe): PeriodicJob {
  return async function reconcileBilling(db: Database) {
    return leased(db, stripe, { daily: true })
  }
}

/**
 * A reconciliation now (`npm run billing:reconcile`): under the daily job's lease, so never beside
 * another run, and it counts as the day's run. A dry run changes nothing and takes no lease.
 * Answers the report, or when another run holds the lease, since when.
 */
export async function reconcileNow(db: Database, stripe: ReconcilingStripe, options: { dryRun: boolean }): Promise<ReconciliationReport | { runningSince: Date | null }> {
  if (options.dryRun) return run(db, stripe, true)
  return (await leased(db, stripe, { daily: false })) ?? { runningSince: await runningSince(db, reconciliationJobName) }
}
