import { expect, it, vi } from 'vitest'
import { mailCaps } from '@/server/kernel/mail-caps'
import { mailQueuedChannel } from '@/server/mail/outbox'
import { describeApi } from '@/tests/support/server/api-fixture'
import { person } from '@/tests/support/server/api-harness'
import { organisationActivity } from '@/tests/support/server/organisation'

const owner = 'commercial@example.com'
/** The entry among the newest two: a change and its mail's line share the transaction's time, so their order is the ids'. */
const amongNewest = (entries: Record<string, unknown>[], expected: Record<string, unknown>) => expect(entries.slice(0, 2)).toContainEqual(expect.objectContaining(expected))

describeApi('mail that cannot be abused on $name', (api, database) => {
  const assign = (email: string) => api.call(owner, 'POST', '/licenses/assign', { firstName: 'Max', lastName: 'Mailed', email })
  const unassign = async (email: string) => {
    const [seat] = await api.db.query<{ id: string }>('select id from seats where assignee_email = $1', [email])
    expect((await api.call(owner, 'POST', '/licenses/unassign', { licenseId: seat!.id })).status).toBe(200)
  }
  const outboxTo = (email: string) =>
    api.db.query<{ subject: string; next_attempt_at: Date; sent_at: Date | null }>('select subject, next_attempt_at, sent_at from mail_outbox where recipient = $1 order by created_at', [email])

  it('keeps what the customer typed out of the subject', async () => {
    expect((await assign('max@example.com')).status).toBe(200)
    expect((await outboxTo('max@example.com')).map((mail) => mail.subject)).toEqual(['You have a Prism Commercial license'])
  })

  it('sends one message a day to a recipient per organisation: a second waits for tomorrow, with a line in the activity', async () => {
    await api.db.query("update mail_outbox set sent_at = now(), next_attempt_at = null where recipient = 'max@example.com'")
    await unassign('max@example.com')
    expect((await assign('max@example.com')).status).toBe(200)
    const [, second] = await outboxTo('max@example.com')
    const tomorrow = new Date()
    tomorrow.setUTCHours(24, 0, 0, 0)
    expect(second!.next_attempt_at.getTime()).toBe(tomorrow.getTime())
    amongNewest(await organisationActivity(api, owner), { kind: 'mail-deferred', subjectEmail: 'max@example.com', actor: null })
  })

  it(`stops at ${mailCaps.perOrganisationPerDay} messages a day per organisation: the next is dropped with a line in the activity, and the seat is still given`, async () => {
    const already = Number((await api.db.query<{ count: string }>("select count(*) from mail_outbox where org_oid = $1 and created_at >= date_trunc('day', now())", [person(owner).oid]))[0]!.count)
    for (let index = already; index < mailCaps.perOrganisationPerDay; index++)
      await api.db.query("insert into mail_outbox (id, recipient, subject, text, html, org_oid, purpose) values ($1, $2, 's', 't', 'h', $3, 'invitation')", [
        `mail_fill_${index}`,
        `fill${index}@example.com`,
        person(owner).oid,
      ])
    const answer = await assign('over.cap@example.com')
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(await outboxTo('over.cap@example.com')).toEqual([])
    amongNewest(await organisationActivity(api, owner), { kind: 'mail-dropped', subjectEmail: 'over.cap@example.com' })
    // Another organisation's mail is counted apart.
    expect((await api.call('plus@example.com', 'POST', '/licenses/assign', { firstName: 'Pia', lastName: 'Plus', email: 'pia@example.com' })).status).toBe(200)
    expect(await outboxTo('pia@example.com')).toHaveLength(1)
    // An invitation over the cap is dropped the same way, never a 500.
    const invited = await api.call(owner, 'POST', '/organisation/invitations', { email: 'late.invite@example.com', role: 'seat-manager' })
    expect(invited.status).toBe(201)
    amongNewest(await organisationActivity(api, owner), { kind: 'mail-dropped', subjectEmail: 'late.invite@example.com' })
  })

  // Counted exactly on PGlite, a database of this file's own: PostgreSQL's other test files notify on the same channel.
  it.runIf(database.name === 'PGlite')('wakes the mail workers for a message due now, and not for one dropped or put off', async () => {
    const heard = vi.fn()
    const stop = await api.db.listen(mailQueuedChannel, heard)
    try {
      expect(heard).toHaveBeenCalledTimes(1)
      expect((await assign('quietly.dropped@example.com')).status).toBe(200)
      await api.db.query("update mail_outbox set sent_at = now(), next_attempt_at = null where recipient = 'pia@example.com'")
      const [pia] = await api.db.query<{ id: string }>("select id from seats where assignee_email = 'pia@example.com'")
      expect((await api.call('plus@example.com', 'POST', '/licenses/unassign', { licenseId: pia!.id })).status).toBe(200)
      expect((await api.call('plus@example.com', 'POST', '/licenses/assign', { firstName: 'Pia', lastName: 'Plus', email: 'pia@example.com' })).status).toBe(200)
      expect((await outboxTo('pia@example.com')).map((mail) => mail.sent_at === null && mail.next_attempt_at.getTime() > Date.now())).toEqual([false, true])
      expect((await api.call('plus@example.com', 'POST', '/licenses/assign', { firstName: 'Pete', lastName: 'Plus', email: 'pete@example.com' })).status).toBe(200)
      // Notifications arrive in the order their transactions committed: once the last is heard, the others would have been.
      await vi.waitFor(() => expect(heard).toHaveBeenCalledTimes(2), { timeout: 3_000, interval: 20 })
      expect(heard).toHaveBeenCalledTimes(2)
    } finally {
      await stop()
    }
  })
})
