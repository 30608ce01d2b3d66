import type { Database } from '../db/database'
import { log } from '../log'
import { markRenewalInvoiceOverdue, recordRenewalInvoice, renewalInvoiced, renewalInvoicesFallenDue, renewalsToInvoice } from '../licensing/renewal-invoices'
import type { StripeGateway } from './gateway'
import { inSubscriptionTurn, syncSubscription } from './subscription-sync'

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

/**
 * Each renewal invoice still open past its due date at `now` is marked overdue, and its subscription
 * read from Stripe again under its turn: applied, it is past due with the existing grace, whatever
 * status Stripe gives it (decision 0063), until the invoice is paid. Answers how many it marked.
 */
export async function markRenewalsOverdue(db: Database, gateway: Pick<StripeGateway, 'readSubscription'>, now = new Date()): Promise<number> {
  const fallenDue = await renewalInvoicesFallenDue(db, now)
  for (const { stripeSubscriptionId, stripeInvoiceId } of fallenDue) {
    await syncSubscription(db, gateway, stripeSubscriptionId, {
      first: async (tx) => {
        await markRenewalInvoiceOverdue(tx, stripeInvoiceId)
        return true
      },
      context: { job: 'renewal-overdue', stripeInvoiceId },
    })
    log.info({ subscriptionId: stripeSubscriptionId, stripeInvoiceId }, 'renewal invoice overdue: the subscription is past due')
  }
  return fallenDue.length
}

/** The job every instance's mail worker runs each hour (a PeriodicJob of server/periodic-jobs.ts): the renewals to invoice, then those overdue. */
export function renewalInvoicingJob(gateway: Pick<StripeGateway, 'invoiceRenewalAhead' | 'readSubscription'>): (db: Database, origin: string) => Promise<number> {
  return async function invoiceRenewals(db: Database, origin: string) {
    const invoiced = await invoiceRenewalsAhead(db, gateway, origin)
    await markRenewalsOverdue(db, gateway)
    return invoiced
  }
}
