import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { activityKinds } from '@/common/contract'
import { queueMailFor } from '@/server/kernel/activity/activity-mail'
import { setMailSiteOrigin } from '@/server/mail/site-origin'
import { activity, cara, caraSubscription, describeSeeded, outbox } from './harness'

const origin = 'https://portal.example.com'

describeSeeded('the mail an activity causes ($name)', (db) => {
  beforeAll(() => setMailSiteOrigin(origin))
  afterAll(() => setMailSiteOrigin('https://localhost:5173'))
  beforeEach(async () => {
    await db.query('truncate mail_outbox')
  })

  const queue = (entry: Parameters<typeof activity>[0]) => db.transaction((tx) => queueMailFor(tx, activity(entry)))

  it('tells an assignee who assigned the seat, the plan, how to sign in and where the key is', async () => {
    await queue({ kind: 'assign', subjectEmail: 'new.dev@example.com' })
    const [mail] = await outbox(db)
    expect(mail).toMatchObject({ recipient: 'new.dev@example.com', subject: 'You have a Prism Commercial license', sent_at: null, attempts: 0 })
    for (const body of [mail!.text, mail!.html]) {
      expect(body).toContain('Cara Commercial (commercial@example.com) assigned you a Prism Commercial license.')
      expect(body).toContain(`${origin}/account`)
      expect(body).toContain('new.dev@example.com')
      expect(body).toMatch(/sign up/)
      expect(body).toContain('My Licenses → License Key')
    }
    expect(mail!.html).toContain(`<a href="${origin}/account">${origin}/account</a>`)
    expect(mail!.html).toMatch(/^<!doctype html>\n<html lang="en">/)
    expect(mail!.html).toContain('<title>You have a Prism Commercial license</title>')
  })

  it('tells the owner about a purchase: the plan, the seats, and where to assign them', async () => {
    await queue({ kind: 'purchase', seats: 5 })
    const [mail] = await outbox(db)
    expect(mail).toMatchObject({ recipient: cara.email, subject: 'Your Prism Commercial purchase: 5 seats' })
    expect(mail!.text).toMatch(/^Hello Cara,\n\nThank you for buying Prism Commercial: 5 seats/)
    expect(mail!.text).toContain(`${origin}/account/licenses`)
    expect(mail!.html).toContain(`<a href="${origin}/account/licenses">`)
  })

  it('tells the owner about a renewal with the new expiry date in long US format', async () => {
    await db.query("update subscriptions set current_period_end = '2029-03-01T12:00:00Z' where id = $1", [caraSubscription])
    await queue({ kind: 'renewal', actor: null })
    const [mail] = await outbox(db)
    expect(mail).toMatchObject({ recipient: cara.email, subject: 'Your Prism Commercial licenses are renewed until March 1, 2029' })
    expect(mail!.text).toContain('Its licenses now expire on March 1, 2029.')
    expect(mail!.html).toContain('Its licenses now expire on March 1, 2029.')
  })

  it('tells the owner a payment failed, with the way to Billing', async () => {
    await queue({ kind: 'payment-failed', actor: null })
    const [mail] = await outbox(db)
    expect(mail).toMatchObject({ recipient: cara.email, subject: 'Payment failed for your Prism Commercial licenses' })
    expect(mail!.text).toContain(`Sign in at ${origin}/account and choose Billing in the sidebar.`)
    expect(mail!.html).toContain(`<a href="${origin}/account">${origin}/account</a> and choose <strong>Billing</strong>`)
  })

  it('sends nothing for the other kinds, nor to an owner taking a seat themselves', async () => {
    for (const kind of activityKinds.filter((kind) => !['assign', 'purchase', 'renewal', 'payment-failed'].includes(kind))) await queue({ kind, subjectEmail: 'dev1@example.com', seats: 1 })
    await queue({ kind: 'assign', subjectEmail: 'COMMERCIAL@example.com' })
    expect(await outbox(db)).toEqual([])
  })

  it('queues in the caller’s transaction: a change rolled back sends nothing', async () => {
    await expect(
      db.transaction(async (tx) => {
        await queueMailFor(tx, activity({ kind: 'assign', subjectEmail: 'rolled.back@example.com' }))
        throw new Error('the assign failed after its activity was recorded')
      }),
    ).rejects.toThrow('the assign failed')
    expect(await outbox(db)).toEqual([])
  })

  it('queues one message for one activity, however often it is handed over', async () => {
    const entry = activity({ kind: 'purchase', seats: 2 })
    await db.transaction((tx) => queueMailFor(tx, entry))
    await db.transaction((tx) => queueMailFor(tx, entry))
    expect(await outbox(db)).toHaveLength(1)
  })

  it('puts nothing a person typed in the subject, and a name that is not one nowhere: the address stands for them', async () => {
    await db.query("update accounts set first_name = '<b>Cara</b>', last_name = E'Com\\nmercial & Co http://evil.example' where oid = $1", [cara.oid])
    try {
      await queue({ kind: 'assign', subjectEmail: 'new.dev@example.com' })
      const [mail] = await outbox(db)
      expect(mail!.subject).toBe('You have a Prism Commercial license')
      expect(mail!.text).toContain('commercial@example.com assigned you a Prism Commercial license.')
      for (const part of [mail!.subject, mail!.text, mail!.html]) expect(part).not.toMatch(/Cara|evil/)
    } finally {
      await db.query("update accounts set first_name = 'Cara', last_name = 'Commercial' where oid = $1", [cara.oid])
    }
  })
})
