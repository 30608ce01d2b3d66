import { expect, it } from 'vitest'
import { queueFeedTokenReminders, recordFeedTokenExpiries } from '@/server/feed/feed-token-expiry'
import { queueCancelReminders } from '@/server/licensing/cancel-reminders'
import { recordExpiredInvitations } from '@/server/organisations/invitation-acceptance'
import { queueRenewalReminders } from '@/server/licensing/renewal-reminders'
import { queueTrialReminders } from '@/server/licensing/trial-reminders'
import { queueMail } from '@/server/mail/outbox'
import { startMailWorker } from '@/server/mail/worker'
import { periodicJobs, periodicJobsWithStripe } from '@/server/periodic-jobs'
import { priceCatalogue } from '@/server/payments/stripe-settings'
import { describeSeeded, outbox } from './mail/harness'

describeSeeded('the periodic jobs of every instance ($name)', (db) => {
  it('are the cancellation reminders, the feed-token reminders and expiries, and the invitations that expired, the renewal reminders and the trial reminders', () => {
    expect(periodicJobs).toEqual([queueCancelReminders, queueFeedTokenReminders, recordFeedTokenExpiries, recordExpiredInvitations, queueRenewalReminders, queueTrialReminders])
  })

  it('and, where Stripe is known, the daily billing reconciliation last', () => {
    const prices = priceCatalogue({ STRIPE_PRICE_COMMUNITY: 'price_a', STRIPE_PRICE_COMMERCIAL: 'price_b', STRIPE_PRICE_COMMERCIAL_PLUS: 'price_c' })
    const jobs = periodicJobsWithStripe({ gateway: { openSubscriptions: async () => [], readSubscription: async () => null, priceTerms: async () => null }, prices })
    expect(jobs.slice(0, -1)).toEqual(periodicJobs)
    expect(jobs.map((job) => job.name).at(-1)).toBe('reconcileBilling')
  })

  it('run each on its own in the mail worker: one that fails holds up neither the next nor the mail', async () => {
    const ran: string[] = []
    const failing = async () => {
      ran.push('failing')
      throw new Error('the job broke')
    }
    const next = async () => {
      ran.push('next')
    }
    await queueMail(db, { to: 'someone@example.com', subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' })
    const sent: string[] = []
    const worker = startMailWorker({
      db,
      send: async (mail) => void sent.push(mail.to),
      siteOrigin: 'https://portal.example.com',
      jobs: [failing, next],
      describeFailure: String,
      wakeOnQueue: false,
      pollMs: 3_600_000,
    })
    await worker.runOnce()
    await worker.runOnce()
    await worker.stop()
    // Once an hour: the second run, straight after the first, runs no job again.
    expect(ran).toEqual(['failing', 'next'])
    expect(sent).toEqual(['someone@example.com'])
    expect((await outbox(db)).every((mail) => mail.sent_at !== null)).toBe(true)
  })
})
