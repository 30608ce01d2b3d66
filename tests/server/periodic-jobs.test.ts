import { expect, it } from 'vitest'
import { queueFeedTokenReminders, recordFeedTokenExpiries } from '@/server/feed/feed-token-expiry'
import { queueCancelReminders } from '@/server/licensing/cancel-reminders'
import { recordExpiredInvitations } from '@/server/organisations/invitation-acceptance'
import { queueRenewalReminders } from '@/server/licensing/renewal-reminders'
import { queueTrialReminders } from '@/server/licensing/trial-reminders'
import { queueMail } from '@/server/mail/outbox'
import { startMailWorker, type PeriodicJob } from '@/server/mail/worker'
import { periodicJobs, periodicJobsWithStripe } from '@/server/periodic-jobs'
import { priceCatalogue } from '@/server/payments/stripe-settings'
import { startReconciliation } from '@/server/reconciliation/schedule'
import { describeSeeded, outbox } from './mail/harness'

describeSeeded('the periodic jobs of every instance ($name)', (db) => {
  /** A mail worker that runs these jobs and records whom it sent to, driven by runOnce. */
  const mailWorker = (jobs: readonly PeriodicJob[]) => {
    const sent: string[] = []
    const worker = startMailWorker({
      db,
      send: async (mail) => void sent.push(mail.to),
      siteOrigin: 'https://portal.example.com',
      jobs,
      describeFailure: String,
      wakeOnQueue: false,
      pollMs: 3_600_000,
    })
    return { sent, worker }
  }

  it('are the cancellation reminders, the feed-token reminders and expiries, and the invitations that expired, the renewal reminders and the trial reminders', () => {
    expect(periodicJobs).toEqual([queueCancelReminders, queueFeedTokenReminders, recordFeedTokenExpiries, recordExpiredInvitations, queueRenewalReminders, queueTrialReminders])
  })

  it('leave the billing reconciliation to a timer of its own: a run that hangs at Stripe holds up no mail', async () => {
    const prices = priceCatalogue({ STRIPE_PRICE_COMMUNITY: 'price_a', STRIPE_PRICE_COMMERCIAL: 'price_b', STRIPE_PRICE_COMMERCIAL_PLUS: 'price_c' })
    let answer = () => {}
    let asked = () => {}
    const askedStripe = new Promise<void>((resolve) => (asked = resolve))
    const hanging = new Promise<never[]>((resolve) => (answer = () => resolve([])))
    await db.query('delete from job_runs')
    const reconciliation = startReconciliation(db, {
      gateway: {
        openSubscriptions: () => (asked(), hanging),
        readSubscription: async () => null,
        priceTerms: async () => null,
      },
      prices,
    })
    await askedStripe
    await queueMail(db, { to: 'while-reconciling@example.com', subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' })
    const { sent, worker } = mailWorker(periodicJobs)
    await worker.runOnce()
    await worker.stop()
    expect(sent).toContain('while-reconciling@example.com')
    answer()
    await reconciliation.stop()
    expect(await db.query<{ finished: boolean }>("select finished_at is not null as finished from job_runs where name = 'billing-reconciliation'")).toEqual([{ finished: true }])
  })

  it('and, where Stripe is known, the renewals invoiced ahead last', () => {
    const jobs = periodicJobsWithStripe({ invoiceRenewalAhead: async () => null, readSubscription: async () => null })
    expect(jobs.slice(0, -1)).toEqual(periodicJobs)
    expect(jobs.map((job) => job.name).at(-1)).toBe('invoiceRenewals')
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
    const { sent, worker } = mailWorker([failing, next])
    await worker.runOnce()
    await worker.runOnce()
    await worker.stop()
    // Once an hour: the second run, straight after the first, runs no job again.
    expect(ran).toEqual(['failing', 'next'])
    expect(sent).toEqual(['someone@example.com'])
    expect((await outbox(db)).every((mail) => mail.sent_at !== null)).toBe(true)
  })
})
