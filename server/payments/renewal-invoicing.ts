import type { Database } from '../db/database'
import { log } from '../log'
import { recordRenewalInvoice, renewalInvoiced, renewalsToInvoice } from '../licensing/renewal-invoices'
import type { StripeGateway } from './gateway'
import { inSubscriptionTurn } from './subscription-sync'

/**
 * Invoices each renewal due for it (decision 0056), in the subscription's turn across instances
 * (the one its changes and its webhooks take, subscription-sync.ts): under the turn, a renewal another instance recorded meanwhile is left alone, else
 * Stripe is asked (renewal-invoices.ts: its steps find what an earlier run did) and the invoice
 * recorded with its mail. `now` is the clock the renewals are measured by (a test clock's time in
 * the tests). Answers how many invoices it recorded.
 */
export async function invoiceRenewalsAhead(db: Database, gateway: Pick<StripeGateway, 'invoiceRenewalAhead'>, origin: string, now = new Date()): Promise<number> {
  let recorded = 0
  for (const renewal of await renewalsToInvoice(db, now)) {
    const made = await inSubscriptionTurn(
      db,
      renewal.stripeSubscriptionId,
      async () => ((await renewalInvoiced(db, renewal)) ? null : gateway.invoiceRenewalAhead(renewal)),
      (tx, invoice) => (invoice ? recordRenewalInvoice(tx, renewal, invoice, origin) : Promise.resolve(false)),
    )
    if (made) {
      recorded++
      log.info({ subscriptionId: renewal.stripeSubscriptionId, renewsAt: renewal.renewsAt.toISOString() }, 'renewal invoiced ahead')
    }
  }
  return recorded
}

/** The job every instance's mail worker runs each hour (a PeriodicJob of server/periodic-jobs.ts). */
export function renewalInvoicingJob(gateway: Pick<StripeGateway, 'invoiceRenewalAhead'>): (db: Database, origin: string) => Promise<number> {
  return async function invoiceRenewals(db: Database, origin: string) {
    return invoiceRenewalsAhead(db, gateway, origin)
  }
}
