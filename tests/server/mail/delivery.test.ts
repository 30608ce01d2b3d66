import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Database } from '@/server/db/database'
import { queueMailFor } from '@/server/kernel/activity/activity-mail'
import type { MailCatcher } from '@/server/local/mail-catcher'
import { claimDueMail, queueMail } from '@/server/mail/outbox'
import { invitationMail } from '@/server/mail/organisation-messages'
import { invitationLink } from '@/server/organisations/invitation-secret'
import { describeSendFailure, smtpSender } from '@/server/mail/smtp'
import { startMailWorker, type MailWorker, type MailWorkerOptions } from '@/server/mail/worker'
import { openMigratedPglite } from '@/tests/support/server/migrated-pglite'
import { activity, caught, describeSeeded, outbox, startCatcher } from './harness'

const from = 'Prism <support@prismlibrary.com>'
const origin = 'https://localhost:5173'
const hour = 3_600_000
/** Watched until it happens: generous, as Vitest may run beside the browser tests at a low priority. */
const watchedDelivery = { timeout: 20_000, interval: 50 }

describeSeeded('the mail queue delivers through SMTP ($name)', (db) => {
  let catcher: MailCatcher | undefined
  const workers: MailWorker[] = []

  /** A worker driven by the test (runOnce), not by its clock or by queued mail. */
  function worker(smtpUrl: string, options: Partial<MailWorkerOptions> = {}) {
    const started = startMailWorker({
      db,
      send: smtpSender(smtpUrl, from),
      siteOrigin: origin,
      describeFailure: (error) => describeSendFailure(error, smtpUrl),
      pollMs: hour,
      wakeOnQueue: false,
      ...options,
    })
    workers.push(started)
    return started
  }
  const assign = (email: string) => db.transaction((tx) => queueMailFor(tx, activity({ kind: 'assign', subjectEmail: email })))
  /** A retry's wait or a claim's lease ends, as the clock would end it: the message is due now. */
  const dueNow = () => db.query('update mail_outbox set next_attempt_at = now() where sent_at is null and next_attempt_at is not null')
  /** A port nothing listens on: a mail server's, once it is stopped. */
  async function downServer() {
    const stopped = await startCatcher()
    await stopped.stop()
    return { smtpUrl: stopped.smtpUrl, smtpPort: Number(new URL(stopped.smtpUrl).port), webPort: Number(new URL(stopped.restUrl).port) }
  }

  beforeEach(async () => {
    await db.query('truncate mail_outbox')
  })
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((started) => started.stop()))
    await catcher?.stop()
    catcher = undefined
  })

  it('sends a queued message once, from the support address, with its text and HTML, and marks it sent', async () => {
    catcher = await startCatcher()
    await assign('first.dev@example.com')
    const sender = worker(catcher.smtpUrl)
    await sender.runOnce()
    await sender.runOnce()
    const inbox = await caught(catcher.restUrl)
    expect(inbox).toHaveLength(1)
    expect(inbox[0]).toMatchObject({
      subject: 'You have a Prism Commercial license',
      from: [{ address: 'support@prismlibrary.com', name: 'Prism' }],
      to: [{ address: 'first.dev@example.com' }],
    })
    expect(inbox[0]!.text).toContain('My Licenses → License Key')
    expect(inbox[0]!.html).toContain('<strong>My Licenses → License Key</strong>')
    const [row] = await outbox(db)
    expect(row).toMatchObject({ attempts: 1, last_error: null, next_attempt_at: null })
    expect(row!.sent_at).not.toBeNull()
  })

  it("keeps no invitation's secret in the outbox once the mail is sent: the link arrives, its copy is blanked (issue 48)", async () => {
    catcher = await startCatcher()
    const secret = 'S3cr3t_invitation-link-of-43-characters-xyz'
    const mail = invitationMail({
      to: 'invited@example.com',
      inviter: { firstName: 'Cara', lastName: 'Commercial', email: 'commercial@example.com' },
      role: 'seat-manager',
      link: invitationLink(origin, secret),
      days: 14,
    })
    await db.transaction((tx) => queueMail(tx, mail))
    await worker(catcher.smtpUrl).runOnce()
    const [arrived] = await caught(catcher.restUrl)
    expect(arrived!.text).toContain(`${origin}/account/invitations#${secret}`)
    const [kept] = await outbox(db)
    expect(kept).toMatchObject({ recipient: 'invited@example.com', sent_at: expect.any(Date) })
    expect(`${kept!.text}${kept!.html}`).not.toContain(secret)
    expect(kept!.text).toContain(`${origin}/account/invitations#[sent]`)
  })

  it("sends an organisation's mail to all its billing contacts at once, each as an addressee", async () => {
    catcher = await startCatcher()
    const paula = 'plus@example.com'
    const [{ oid: paulaOid }] = (await db.query<{ oid: string }>('select oid from accounts where email = $1', [paula])) as [{ oid: string }]
    await db.query("insert into accounts (oid, email, first_name) values ('oid-bo-delivery', 'bo.delivery@example.com', 'Bo') on conflict do nothing")
    await db.query("insert into memberships (member_oid, org_oid, role) values ($1, $1, 'owner'), ('oid-bo-delivery', $1, 'billing-manager')", [paulaOid])
    try {
      await db.transaction((tx) => queueMailFor(tx, activity({ kind: 'purchase', ownerOid: paulaOid, subscriptionId: 'sub_demo_plus', priceId: 'commercial-plus', seats: 3, actor: null })))
      await worker(catcher.smtpUrl).runOnce()
      const inbox = await caught(catcher.restUrl)
      expect(inbox.map((mail) => mail.to.map((to) => to.address))).toEqual([[paula, 'bo.delivery@example.com']])
    } finally {
      await db.query('delete from memberships where org_oid = $1', [paulaOid])
    }
  })

  it('records a sent message through a short loss of the database, so it is not sent again when its lease ends', async () => {
    catcher = await startCatcher()
    await assign('recorded.dev@example.com')
    let refusals = 2
    const flaky: Database = {
      ...db,
      query: (sql, params) => (String(sql).startsWith('update mail_outbox set sent_at') && refusals-- > 0 ? Promise.reject(new Error('connection lost')) : db.query(sql, params)),
    }
    const sender = worker(catcher.smtpUrl, { db: flaky, leaseMs: 0, recordRetryMs: [10, 10, 10] })
    await sender.runOnce()
    await sender.runOnce()
    expect(await caught(catcher.restUrl)).toHaveLength(1)
    expect((await outbox(db))[0]!.sent_at).not.toBeNull()
  })

  it('keeps a message while the mail server is down, retries it with back-off, and sends it once when the server is back', async () => {
    const down = await downServer()
    await assign('patient.dev@example.com')
    // Waits of an hour, then two, that the test ends itself: however slow the machine, nothing falls due on its own.
    const sender = worker(down.smtpUrl, { backoffMs: [hour, 2 * hour] })

    await sender.runOnce()
    let [row] = await outbox(db)
    expect(row).toMatchObject({ attempts: 1, sent_at: null })
    expect(row!.last_error).toMatch(/ECONNREFUSED|connect/i)
    const firstWait = new Date(row!.next_attempt_at!).getTime() - Date.now()
    expect(firstWait).toBeGreaterThan(0)
    expect(firstWait).toBeLessThanOrEqual(hour)

    // Not due yet: no attempt.
    await sender.runOnce()
    expect((await outbox(db))[0]!.attempts).toBe(1)

    await dueNow()
    await sender.runOnce()
    ;[row] = await outbox(db)
    expect(row!.attempts).toBe(2)
    const secondWait = new Date(row!.next_attempt_at!).getTime() - Date.now()
    expect(secondWait).toBeGreaterThan(hour)
    expect(secondWait).toBeLessThanOrEqual(2 * hour)

    catcher = await startCatcher({ smtpPort: down.smtpPort, webPort: down.webPort })
    await dueNow()
    await sender.runOnce()
    await sender.runOnce()
    expect((await caught(catcher.restUrl)).map((mail) => mail.to[0]!.address)).toEqual(['patient.dev@example.com'])
    ;[row] = await outbox(db)
    expect(row).toMatchObject({ attempts: 3, last_error: null })
    expect(row!.sent_at).not.toBeNull()
  })

  it('gives a message up after its time, keeping the row and its error, and never records the password', async () => {
    const down = await downServer()
    const smtpUrl = down.smtpUrl.replace('smtp://', 'smtp://mailer:s3cret-pa55@')
    await assign('lost.dev@example.com')
    const sender = worker(smtpUrl, { giveUpAfterMs: 0 })
    await sender.runOnce()
    await sender.runOnce()
    const [row] = await outbox(db)
    expect(row).toMatchObject({ attempts: 1, sent_at: null, next_attempt_at: null })
    expect(row!.last_error).toBeTruthy()
    expect(row!.last_error).not.toContain('s3cret-pa55')
  })

  it('sends no password to a server that does not offer STARTTLS (MailDev): it insists on TLS, and the message waits', async () => {
    catcher = await startCatcher()
    const smtpUrl = catcher.smtpUrl.replace('smtp://', 'smtp://mailer:s3cret-pa55@')
    await assign('cleartext.dev@example.com')
    await worker(smtpUrl).runOnce()
    expect(await caught(catcher.restUrl)).toEqual([])
    const [row] = await outbox(db)
    expect(row).toMatchObject({ attempts: 1, sent_at: null })
    expect(row!.last_error).toBeTruthy()
    expect(row!.last_error).not.toContain('s3cret-pa55')
  })

  it('hands a claim its worker never finished (a crashed instance) to another worker once the lease ends', async () => {
    catcher = await startCatcher()
    await assign('orphan.dev@example.com')
    expect(await claimDueMail(db, hour)).toMatchObject({ to: 'orphan.dev@example.com' })
    const sender = worker(catcher.smtpUrl)
    await sender.runOnce()
    expect(await caught(catcher.restUrl)).toEqual([])
    await dueNow()
    await sender.runOnce()
    expect((await caught(catcher.restUrl)).map((mail) => mail.to[0]!.address)).toEqual(['orphan.dev@example.com'])
  })

  it('is woken by queued mail: it sends at once, with no poll for an hour and no runOnce', async () => {
    catcher = await startCatcher()
    const sender = worker(catcher.smtpUrl, { wakeOnQueue: true })
    await sender.runOnce()
    await assign('woken.dev@example.com')
    await vi.waitFor(async () => expect((await caught(catcher!.restUrl)).map((mail) => mail.to[0]!.address)).toEqual(['woken.dev@example.com']), watchedDelivery)
  })

  it('wakes itself when a retry falls due, with no poll for an hour and no runOnce', async () => {
    const down = await downServer()
    await assign('retried.dev@example.com')
    const sender = worker(down.smtpUrl, { wakeOnQueue: true, backoffMs: [400] })
    await sender.runOnce()
    expect((await outbox(db))[0]).toMatchObject({ attempts: 1, sent_at: null })
    catcher = await startCatcher({ smtpPort: down.smtpPort, webPort: down.webPort })
    await vi.waitFor(async () => expect((await caught(catcher!.restUrl)).map((mail) => mail.to[0]!.address)).toEqual(['retried.dev@example.com']), watchedDelivery)
    // The catcher holds the message before the worker records it sent: wait for the record too. A
    // catcher slower to start than the 400 ms wait costs another failed try, not the delivery.
    await vi.waitFor(async () => expect((await outbox(db))[0]).toMatchObject({ last_error: null, sent_at: expect.any(Date) }), watchedDelivery)
    expect((await outbox(db))[0]!.attempts).toBeGreaterThanOrEqual(2)
  })

  it('sends each message once when two workers share the queue', async () => {
    catcher = await startCatcher()
    const recipients = Array.from({ length: 12 }, (_, index) => `shared${index}@example.com`)
    for (const email of recipients) await assign(email)
    const [one, two] = [worker(catcher.smtpUrl), worker(catcher.smtpUrl)]
    await Promise.all([one!.runOnce(), two!.runOnce()])
    const delivered = (await caught(catcher.restUrl)).map((mail) => mail.to[0]!.address)
    expect(delivered.toSorted()).toEqual(recipients.toSorted())
    expect((await outbox(db)).every((row) => row.sent_at !== null && row.attempts === 1)).toBe(true)
  })
})

describe('an idle mail worker', () => {
  it('sleeps until mail is queued or due: with nothing to send, a minute (for a lost notification only)', async () => {
    const db = await openMigratedPglite()
    const idle = startMailWorker({ db, send: () => Promise.reject(new Error('nothing to send')), siteOrigin: origin, describeFailure: String })
    // Watched, not timed: how long it chose to sleep, whatever else the machine is doing.
    await vi.waitFor(() => expect(idle.sleepingMs()).toBe(60_000), { timeout: 10_000, interval: 20 })
    await idle.stop()
    await db.close()
  })
})
