import { queueFeedTokenReminders, recordFeedTokenExpiries } from './feed/feed-token-expiry'
import { queueCancelReminders } from './licensing/cancel-reminders'
import { queueRenewalReminders } from './licensing/renewal-reminders'
import type { PeriodicJob } from './mail/worker'

/**
 * What every instance's mail worker does once an hour beside sending, production's and the local
 * stack's alike: the reminders to queue and the expiries to record. Each marks what it did, so
 * several instances running them at once do nothing twice.
 */
export const periodicJobs: readonly PeriodicJob[] = [queueCancelReminders, queueFeedTokenReminders, recordFeedTokenExpiries, queueRenewalReminders]
