import { queueFeedTokenReminders, recordFeedTokenExpiries } from './feed/feed-token-expiry'
import { queueCancelReminders } from './licensing/cancel-reminders'
import { queueRenewalReminders } from './licensing/renewal-reminders'
import { queueTrialReminders } from './licensing/trial-reminders'
import type { PeriodicJob } from './mail/worker'
import type { StripeGateway } from './payments/gateway'
import { renewalInvoicingJob } from './payments/renewal-invoicing'
import { recordExpiredInvitations } from './organisations/invitation-acceptance'

/**
 * What every instance's mail worker does once an hour beside sending, production's and the local
 * stack's alike: the reminders to queue and the expiries to record (feed tokens, invitations). Each marks what it did, so
 * several instances running them at once do nothing twice. The billing reconciliation, which asks
 * Stripe and may take long, runs on a timer of its own, off the mail worker's path
 * (server/reconciliation/schedule.ts).
 */
export const periodicJobs: readonly PeriodicJob[] = [queueCancelReminders, queueFeedTokenReminders, recordFeedTokenExpiries, recordExpiredInvitations, queueRenewalReminders, queueTrialReminders]

/**
 * Those, and the renewals of subscriptions paid by invoice invoiced 30 days ahead (every instance,
 * each renewal once: payments/renewal-invoicing.ts) and made past due once their invoice is overdue
 * (decision 0063), which ask Stripe through the jobs' gateway.
 */
export const periodicJobsWithStripe = (gateway: Pick<StripeGateway, 'invoiceRenewalAhead' | 'readSubscription'>): readonly PeriodicJob[] => [...periodicJobs, renewalInvoicingJob(gateway)]
