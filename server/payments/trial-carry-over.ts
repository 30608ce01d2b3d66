import type { Database } from '../db/database'
import { carriedTrials } from '../licensing/trials'
import type { StripeGateway } from './gateway'
import { syncSubscription } from './subscription-sync'

/**
 * After a purchase is recorded: the owner's trials whose seats it took (decision 0047) are ended at
 * Stripe (canceled now, each with its own key) and synced, so no trial reminder or trial end follows
 * a purchase. Nothing when the owner had no trial.
 */
export async function endCarriedTrials(db: Database, gateway: Pick<StripeGateway, 'readSubscription' | 'endTrial'>, purchasedSubscriptionId: string): Promise<void> {
  for (const trialId of await carriedTrials(db, purchasedSubscriptionId)) {
    await gateway.endTrial(trialId, `trial-carried-over:${trialId}`)
    await syncSubscription(db, gateway, trialId, { context: { carriedTo: purchasedSubscriptionId } })
  }
}
