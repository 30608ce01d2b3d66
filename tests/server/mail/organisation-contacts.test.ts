import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { queueFeedTokenReminders } from '@/server/feed/feed-token-expiry'
import { queueMailFor } from '@/server/kernel/activity/activity-mail'
import { queueCancelReminders } from '@/server/licensing/cancel-reminders'
import { queueRenewalReminders } from '@/server/licensing/renewal-reminders'
import { setMailSiteOrigin } from '@/server/mail/site-origin'
import { person } from '@/tests/support/server/api-harness'
import { activity, cara, caraSubscription, describeSeeded, outbox } from './harness'

const origin = 'https://portal.example.com'
const day = 86_400_000
const paula = person('plus@example.com')
const people = {
  otto: { oid: 'oid-otto', email: 'otto.owner@example.com', first: 'Otto' },
  bella: { oid: 'oid-bella', email: 'bella.billing@example.com', first: 'Bella' },
  sam: { oid: 'oid-sam', email: 'sam.seats@example.com', first: 'Sam' },
  tess: { oid: 'oid-tess', email: 'tess.tokens@example.com', first: 'Tess' },
  bo: { oid: 'oid-bo', email: 'bo.books@example.com', first: 'Bo' },
}

/**
 * An organisation's mail goes to its current owners and billing managers (a feed token's expiry to
 * its owners and seat managers), not to its founder's account: Cara founded hers, made Otto an
 * owner, Bella its billing manager and Sam its seat manager, and left (issue 48).
 */
describeSeeded("the organisation's mail, once its founder has left ($name)", (db) => {
  beforeAll(async () => {
    setMailSiteOrigin(origin)
    for (const { oid, email, first } of Object.values(people)) await db.query('insert into accounts (oid, email, first_name, last_name) values ($1, $2, $3, $4)', [oid, email, first, 'Member'])
    await db.query(
      `insert into memberships (member_oid, org_oid, role, granted_at) values
         ($1, $4, 'owner', now() - interval '3 minutes'), ($2, $4, 'billing-manager', now() - interval '2 minutes'), ($3, $4, 'seat-manager', now() - interval '1 minute'),
         ($5, $5, 'owner', now() - interval '3 minutes'), ($6, $5, 'seat-manager', now() - interval '2 minutes'), ($7, $5, 'billing-manager', now() - interval '1 minute')`,
      [people.otto.oid, people.bella.oid, people.sam.oid, cara.oid, paula.oid, people.tess.oid, people.bo.oid],
    )
  })
  afterAll(() => setMailSiteOrigin('https://localhost:5173'))
  beforeEach(async () => {
    await db.query('truncate mail_outbox')
  })
  const recipients = async () => (await outbox(db)).map((mail) => [mail.recipient, mail.text.split('\n')[0]])
  const billingContacts = [`${people.otto.email}, ${people.bella.email}`, 'Hello,']

  it('sends a purchase, a renewal and a failed payment to its owners and billing managers, not to the founder', async () => {
    for (const kind of ['purchase', 'renewal', 'payment-failed'] as const) await db.transaction((tx) => queueMailFor(tx, activity({ kind, seats: 5, actor: null })))
    expect(await recipients()).toEqual([billingContacts, billingContacts, billingContacts])
  })

  it('sends the reminders before a renewal and before an end to them too', async () => {
    // Only Cara's subscription comes within the reminders' 30 days.
    await db.query('update subscriptions set current_period_end = $1, cancel_at_period_end = false', [new Date(Date.now() + 200 * day).toISOString()])
    await db.query('update subscriptions set current_period_end = $2, cancel_at_period_end = false where id = $1', [caraSubscription, new Date(Date.now() + 20 * day).toISOString()])
    expect(await queueRenewalReminders(db, origin)).toBe(1)
    await db.query('update subscriptions set cancel_at_period_end = true, current_period_end = $2 where id = $1', [caraSubscription, new Date(Date.now() + 21 * day).toISOString()])
    expect(await queueCancelReminders(db, origin)).toBe(1)
    expect(await recipients()).toEqual([billingContacts, billingContacts])
  })

  it("greets its one billing contact by name, and tells a feed token's expiry to its owners and seat managers", async () => {
    await db.query('delete from memberships where member_oid = $1', [people.bella.oid])
    await db.transaction((tx) => queueMailFor(tx, activity({ kind: 'payment-failed', actor: null })))
    await db.query(
      `insert into feed_tokens (id, subscription_id, created_by_oid, name, secret_sha256, last4, created_at, expires_at)
       values ('ftok_contacts000', 'sub_demo_plus', $1, 'CI', sha256(convert_to('ftok_contacts000', 'UTF8')), 'abcd', now() - interval '300 days', now() + interval '10 days')`,
      [paula.oid],
    )
    expect(await queueFeedTokenReminders(db, origin)).toBe(1)
    expect(await recipients()).toEqual([
      [people.otto.email, 'Hello Otto,'],
      [`${paula.email}, ${people.tess.email}`, 'Hello,'],
    ])
  })
})
