import { expect, it } from 'vitest'
import { queueRenewalReminders, renewalReminderKey } from '@/server/licensing/renewal-reminders'
import { describeSeeded, outbox } from './harness'

const day = 86_400_000
const origin = 'https://portal.example.com'
// The demo seed's owners: Cara's Commercial (5 seats, herself and dev1 assigned), Finn's Commercial (2, both assigned), Paula's Commercial Plus (3, herself).
const subscriptions = { cara: 'sub_demo_commercial', finn: 'sub_demo_full', paula: 'sub_demo_plus', community: 'sub_demo_community' }
const longDate = (date: Date) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(date)

describeSeeded('the reminder 30 days before a renewal ($name)', (db) => {
  const renewIn = (id: string, days: number, cancel = false) =>
    db.query('update subscriptions set current_period_end = $2, cancel_at_period_end = $3 where id = $1', [id, new Date(Date.now() + days * day).toISOString(), cancel])
  const periodEnd = async (id: string) => new Date((await db.query<{ end: Date }>('select current_period_end as "end" from subscriptions where id = $1', [id]))[0]!.end)

  it('is queued once for each subscription renewing within 30 days: the seats, who holds them, the free ones and the amount', async () => {
    await db.query('truncate mail_outbox')
    await renewIn(subscriptions.cara, 29.5)
    await renewIn(subscriptions.finn, 45)
    await renewIn(subscriptions.paula, 10, true)
    await renewIn(subscriptions.community, 60)
    await Promise.all([queueRenewalReminders(db, origin), queueRenewalReminders(db, origin)])
    await queueRenewalReminders(db, origin)
    const reminders = await outbox(db)
    expect(reminders).toHaveLength(1)
    const renewsOn = await periodEnd(subscriptions.cara)
    const date = longDate(renewsOn)
    expect(reminders[0]).toMatchObject({
      recipient: 'commercial@example.com',
      subject: `Your Prism Commercial subscription renews on ${date}: $1,495.00`,
      dedupe_key: renewalReminderKey(subscriptions.cara, renewsOn),
    })
    const { text } = reminders[0]!
    expect(text).toContain(`Your Prism Commercial subscription renews on ${date} with 5 seats, and we will charge $1,495.00 (plus tax where it applies) to the card on file.`)
    expect(text).toContain('Assigned seats (2): commercial@example.com, dev1@example.com.')
    expect(text).toContain('Unassigned seats: 3.')
    expect(text).toContain(`Manage Licenses: ${origin}/account/licenses`)
  })

  it('names the fewer seats a scheduled reduction renews with, and the lower amount', async () => {
    await db.query('truncate mail_outbox')
    await renewIn(subscriptions.cara, 60)
    await renewIn(subscriptions.paula, 20)
    const renewsOn = await periodEnd(subscriptions.paula)
    await db.query(
      "insert into renewal_changes (subscription_id, seats, from_price_id, from_quantity, takes_effect_at, stripe_schedule_id) values ($1, 2, 'commercial-plus', 3, $2, 'sub_sched_test')",
      [subscriptions.paula, renewsOn.toISOString()],
    )
    await queueRenewalReminders(db, origin)
    const [reminder] = await outbox(db)
    expect(reminder!.recipient).toBe('plus@example.com')
    expect(reminder!.subject).toBe(`Your Prism Commercial Plus subscription renews on ${longDate(renewsOn)}: $998.00`)
    expect(reminder!.text).toContain(`renews on ${longDate(renewsOn)} with 2 seats, and we will charge $998.00`)
    expect(reminder!.text).toContain(`As you chose, 1 seat of its 3 end on ${longDate(renewsOn)}.`)
    expect(reminder!.text).toContain('Assigned seats (1): plus@example.com.')
    expect(reminder!.text).toContain('Unassigned seats: 2.')
  })
})
