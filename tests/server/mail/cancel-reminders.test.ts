import { expect, it } from 'vitest'
import { cancelReminderKey, queueCancelReminders } from '@/server/licensing/cancel-reminders'
import { startMailWorker } from '@/server/mail/worker'
import { describeSeeded, outbox } from './harness'

const day = 86_400_000
const origin = 'https://portal.example.com'
// The demo seed's owners: Cara's Commercial (5 seats), Finn's Commercial (2), Paula's Commercial Plus (3).
const subscriptions = { cara: 'sub_demo_commercial', finn: 'sub_demo_full', paula: 'sub_demo_plus' }

describeSeeded('the reminder 30 days before a cancellation ($name)', (db) => {
  const endIn = (id: string, days: number, cancel = true) =>
    db.query('update subscriptions set current_period_end = $2, cancel_at_period_end = $3 where id = $1', [id, new Date(Date.now() + days * day).toISOString(), cancel])

  it('is queued once for a subscription set to cancel within 30 days, and not for one ending later or renewing', async () => {
    await endIn(subscriptions.cara, 29.5)
    await endIn(subscriptions.finn, 45)
    await endIn(subscriptions.paula, 10, false)

    // Every instance looks, every hour, after every restart: still one reminder.
    await Promise.all([queueCancelReminders(db, origin), queueCancelReminders(db, origin)])
    await queueCancelReminders(db, origin)
    const reminders = await outbox(db)
    expect(reminders).toHaveLength(1)
    const [end] = await db.query<{ current_period_end: Date }>('select current_period_end from subscriptions where id = $1', [subscriptions.cara])
    const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(end!.current_period_end))
    expect(reminders[0]).toMatchObject({
      recipient: 'commercial@example.com',
      subject: `Your Prism Commercial licenses end on ${date}`,
      dedupe_key: cancelReminderKey(subscriptions.cara, new Date(end!.current_period_end)),
    })
    expect(reminders[0]!.text).toContain(`its 5 seats stop working on ${date}`)
    expect(reminders[0]!.text).toContain(`Sign in at ${origin}/account and choose Billing in the sidebar.`)
  })

  it('is queued for the later subscription once it comes within 30 days, and not for an ended one', async () => {
    await endIn(subscriptions.finn, 20)
    await db.query("update subscriptions set status = 'canceled' where id = $1", [subscriptions.paula])
    await endIn(subscriptions.paula, 5)
    await queueCancelReminders(db, origin)
    expect((await outbox(db)).map((mail) => mail.recipient)).toEqual(['commercial@example.com', 'full@example.com'])
  })

  it('is looked for by the mail worker as it starts', async () => {
    await db.query('truncate mail_outbox')
    const worker = startMailWorker({ db, send: async () => {}, siteOrigin: origin, jobs: [queueCancelReminders], describeFailure: String, pollMs: 3_600_000 })
    await worker.runOnce()
    await worker.stop()
    const rows = await outbox(db)
    expect(rows.map((mail) => mail.recipient)).toEqual(expect.arrayContaining(['commercial@example.com', 'full@example.com']))
    expect(rows.every((mail) => mail.sent_at !== null)).toBe(true)
  })
})
