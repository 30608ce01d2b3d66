import { queueFeedTokenReminders, recordFeedTokenExpiries } from './feed/feed-token-expiry'
import { queueCancelReminders } from './licensing/cancel-reminders'
import { queueRenewalReminders } from './licensing/renewal-reminders'
import { queueTrialReminders } from './licensing/trial-reminders'
import type { PeriodicJob } from './mail/worker'
import { recordExpiredInvitations } from './organisations/invitation-acceptance'
import { reconciliationJob, type ReconcilingStripe } from './reconciliation/job'

/**
 * What every instance's mail worker does once an hour beside sending, production's and the local
 * stack's alike: the reminders to queue and the expiries to record (feed tokens, invitations). Each marks what it did, so
 * several instances running them at once do nothing twice.
 */
export const periodicJobs: readonly PeriodicJob[] = [queueCancelReminders, queueFeedTokenReminders, recordFeedTokenExpiries, recordExpiredInvitations, queueRenewalReminders, queueTrialReminders]

/** Those, and the billing reconciliation against Stripe, which one instance a day runs (server/reconciliation/job.ts). */
export const periodicJobsWithStripe = (stripe: ReconcilingStripe): readonly PeriodicJob[] => [...periodicJobs, reconciliationJob(stripe)]
