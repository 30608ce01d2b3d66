import { beforeEach, expect, it } from 'vitest'
import { feedTokenReminderKey, queueFeedTokenReminders, recordFeedTokenExpiries } from '@/server/feed/feed-token-expiry'
import { activityPage } from '@/server/kernel/activity/activity-page'
import { person } from '@/tests/support/server/api-harness'
import { describeSeeded, outbox } from '../mail/harness'

const origin = 'https://portal.example.com'
const paula = person('plus@example.com')

describeSeeded('a feed token’s expiry: the reminder 14 days before, and the activity ($name)', (db) => {
  /** A token of Paula's Commercial Plus subscription made `age` days ago that expires in `left` days. */
  async function token(id: string, name: string, age: number, left: number, state: 'working' | 'revoked' = 'working') {
    await db.query(
      `insert into feed_tokens (id, subscription_id, created_by_oid, name, secret_sha256, last4, created_at, expires_at, revoked_at)
       values ($1, 'sub_demo_plus', $2, $3, sha256(convert_to($1, 'UTF8')), 'abcd', now() - $4::float * interval '1 day', now() + $5::float * interval '1 day', case when $6 then now() end)`,
      [id, paula.oid, name, age, left, state === 'revoked'],
    )
  }
  const expiredEntries = async () => (await activityPage(db, paula.oid, { limit: 100 })).entries.filter((entry) => entry.kind === 'feed-token-expired')

  beforeEach(async () => {
    await db.query('delete from feed_tokens')
    await db.query('delete from mail_outbox')
    await db.query("update subscriptions set status = 'active' where id = 'sub_demo_plus'")
  })

  it('mails the owner once for a token that expires within 14 days: its name, date and the Feed tokens page', async () => {
    await token('ftok_soon0000000', 'GitHub <Actions>', 350, 13.5)
    await token('ftok_later000000', 'Later', 300, 15)
    await token('ftok_revoked0000', 'Revoked', 350, 10, 'revoked')
    await token('ftok_expired0000', 'Expired', 400, -1)
    // Every instance looks, every hour, after every restart: still one reminder.
    await Promise.all([queueFeedTokenReminders(db, origin), queueFeedTokenReminders(db, origin)])
    expect(await queueFeedTokenReminders(db, origin)).toBe(0)
    const mails = await outbox(db)
    expect(mails).toHaveLength(1)
    const [{ expires_at }] = (await db.query<{ expires_at: Date }>("select expires_at from feed_tokens where id = 'ftok_soon0000000'")) as [{ expires_at: Date }]
    const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(expires_at))
    expect(mails[0]).toMatchObject({ recipient: 'plus@example.com', subject: `A Prism feed token expires on ${date}`, dedupe_key: feedTokenReminderKey('ftok_soon0000000') })
    // The token's name, chosen by whoever made it, is in the message, never in the subject a mail server or a notification shows (issue 48).
    expect(mails[0]!.subject).not.toContain('GitHub')
    expect(mails[0]!.text).toContain(`Your feed token “GitHub <Actions>” for the Prism package feed expires on ${date}.`)
    expect(mails[0]!.text).toContain(`${origin}/account/feed-tokens`)
    expect(mails[0]!.html).toContain('GitHub &lt;Actions&gt;')
    expect(mails[0]!.html).toContain(`<a href="${origin}/account/feed-tokens">`)
    const marked = await db.query<{ id: string }>('select id from feed_tokens where expiry_mailed_at is not null')
    expect(marked.map((row) => row.id)).toEqual(['ftok_soon0000000'])
  })

  it('mails nobody for a token made to last 14 days or less, nor for one of a subscription that is not live', async () => {
    await token('ftok_short000000', 'Short', 1, 6)
    await token('ftok_pastdue0000', 'Past due', 350, 10)
    await db.query("update subscriptions set status = 'canceled' where id = 'sub_demo_plus'")
    expect(await queueFeedTokenReminders(db, origin)).toBe(0)
    await db.query("update subscriptions set status = 'past_due' where id = 'sub_demo_plus'")
    expect(await queueFeedTokenReminders(db, origin), 'past due is still live').toBe(1)
    expect((await outbox(db)).map((mail) => mail.dedupe_key)).toEqual([feedTokenReminderKey('ftok_pastdue0000')])
  })

  it('records an expiry once, by nobody, with the token’s name; not for a revoked token, nor one still working', async () => {
    const before = (await expiredEntries()).length
    await token('ftok_gone0000000', 'Nightly', 365, -0.01)
    await token('ftok_revgone0000', 'Revoked', 365, -1, 'revoked')
    await token('ftok_working0000', 'Working', 1, 1)
    await Promise.all([recordFeedTokenExpiries(db), recordFeedTokenExpiries(db)])
    expect(await recordFeedTokenExpiries(db)).toBe(0)
    const entries = await expiredEntries()
    expect(entries).toHaveLength(before + 1)
    expect(entries[0]).toMatchObject({ kind: 'feed-token-expired', actor: null, priceId: 'commercial-plus', tokenName: 'Nightly' })
    expect(await outbox(db), 'an expiry mails nobody').toEqual([])
  })

  it('records no expiry for the tokens of a subscription ended for good (its own expiry said it)', async () => {
    const before = (await expiredEntries()).length
    await token('ftok_ended000000', 'Ended', 365, -1)
    await db.query("update subscriptions set status = 'canceled' where id = 'sub_demo_plus'")
    expect(await recordFeedTokenExpiries(db)).toBe(0)
    expect(await expiredEntries()).toHaveLength(before)
  })
})
