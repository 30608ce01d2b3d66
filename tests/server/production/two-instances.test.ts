import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPostgres } from '@/server/db/postgres'
import type { MailCatcher } from '@/server/local/mail-catcher'
import { composeMail } from '@/server/mail/compose'
import { queueMail } from '@/server/mail/outbox'
import { caught, startCatcher } from '../mail/harness'
import { backToPortal, callInstance } from '@/tests/support/server/instances'
import { useProductionStack } from '@/tests/support/server/production-stack'

const databaseUrl = process.env.TEST_DATABASE_URL
const owner = { oid: 'owner-of-two-instances', email: 'owner@two.example.com' }

// Two production processes on one PostgreSQL, requests split between them: what must be shared is.
describe.skipIf(!databaseUrl)('two instances on one PostgreSQL', () => {
  let catcher: MailCatcher
  // A burst of 60: the 50 assigns at once fit in it; 120 reads do not, and at one read a second
  // refilled, however slowly the machine answers them.
  const stack = useProductionStack('two', {
    instances: 2,
    settings: async () => {
      catcher = await startCatcher()
      return { RATE_LIMIT_BURST: '60', RATE_LIMIT_READS_PER_SECOND: '1', SMTP_URL: catcher.smtpUrl }
    },
  })
  afterAll(() => catcher?.stop())
  const at = (index: number) => stack.instances[index % stack.instances.length]!

  const call = async (index: number, method: string, path: string, body?: unknown, who = owner) => callInstance(at(index).url, await stack.tenant.token(who), method, path, body)

  beforeAll(async () => {
    expect((await call(0, 'POST', '/auth/login', { firstName: 'Olga', lastName: 'Owner', email: owner.email, oid: owner.oid })).status).toBe(200)
  })

  it('migrated once: one instance applied the migrations, and both are ready', async () => {
    const applied = stack.instances.flatMap((instance) => instance.lines.filter((line) => line.msg === 'migrations applied'))
    expect(applied).toHaveLength(1)
    for (const instance of stack.instances) expect((await fetch(`${instance.url}/readyz`)).status).toBe(200)
  })

  it('fulfils the same webhook event sent to both at once exactly once', async () => {
    const checkout = await call(0, 'POST', '/stripe/create-checkout-session', { priceId: 'commercial', quantity: 11, ...backToPortal })
    expect(checkout.status).toBe(200)
    await stack.stripe.pay(String(checkout.body.sessionId))
    const events = stack.stripe.deliveries.filter((body) => body.includes(String(checkout.body.sessionId)) || body.includes('"customer.subscription.created"'))
    expect(events.length).toBeGreaterThan(0)
    for (const body of events) {
      const answers = await Promise.all(
        stack.instances.map((instance) =>
          fetch(`${instance.url}/api/stripe/webhook`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': stack.stripe.sign(body) }, body }),
        ),
      )
      expect(answers.map((answer) => answer.status)).toEqual([200, 200])
    }
    expect((await call(1, 'GET', '/account/stats/')).body).toEqual({ subscription: 'Commercial', priceId: 'commercial', purchased: 11, assigned: 1, available: 10 })
  })

  it('gives 10 free seats to exactly 10 of 50 concurrent assigns split across both', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, (_, index) => call(index, 'POST', '/licenses/assign', { firstName: 'Dev', lastName: 'Tester', email: `dev${index}@two.example.com` })))
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status === 200)).toHaveLength(10)
    expect(statuses.filter((status) => status === 409)).toHaveLength(40)
    expect((await call(0, 'GET', '/account/stats/')).body).toMatchObject({ purchased: 11, assigned: 11, available: 0 })
  })

  it('limits a burst across both instances as one: the bucket is shared', async () => {
    // Reads: one a second after a burst of 60. Two buckets of their own would let about twice as many through.
    const started = Date.now()
    const answers = await Promise.all(Array.from({ length: 120 }, (_, index) => call(index, 'GET', '/licenses/assigned')))
    const seconds = (Date.now() - started) / 1000
    const accepted = answers.filter((answer) => answer.status === 200).length
    expect(answers.filter((answer) => answer.status === 429).length).toBeGreaterThan(0)
    expect(accepted).toBeLessThanOrEqual(Math.ceil(60 + seconds) + 1)
  })

  it("delivers each queued mail once, whichever instance's worker takes it", async () => {
    const db = await openPostgres(stack.env.DATABASE_URL!)
    const recipients = Array.from({ length: 20 }, (_, index) => `mail${index}@two.example.com`)
    try {
      await db.transaction(async (tx) => {
        for (const to of recipients) await queueMail(tx, composeMail(to, 'Queued once', [['Sent once by one of two stack.instances.']]))
      })
      const ours = async () => (await caught(catcher.restUrl)).filter((mail) => mail.subject === 'Queued once').map((mail) => mail.to[0]!.address)
      await expect.poll(async () => (await ours()).length, { timeout: 20_000 }).toBe(recipients.length)
      // Once every row is recorded as sent, no worker can claim one again (a claim holds a row for its
      // lease, and a sent one is never due): what has arrived then is all that ever will.
      const unsent = async () => (await db.query<{ count: number }>("select count(*)::integer as count from mail_outbox where subject = 'Queued once' and sent_at is null"))[0]!.count
      await expect.poll(unsent, { timeout: 20_000 }).toBe(0)
      expect((await ours()).toSorted()).toEqual(recipients.toSorted())
      const rows = await db.query<{ attempts: number; sent: boolean }>("select attempts, sent_at is not null as sent from mail_outbox where subject = 'Queued once'")
      expect(rows.every((row) => row.sent && row.attempts === 1)).toBe(true)
    } finally {
      await db.close()
    }
  })
})
