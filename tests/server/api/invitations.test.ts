import * as v from 'valibot'
import { expect, it } from 'vitest'
import { invitationOfferSchema, invitationsSchema } from '@/common/organisation-contract'
import { jobBatch } from '@/server/db/job-runs'
import { recordExpiredInvitations } from '@/server/organisations/invitation-acceptance'
import { describeApi } from '@/tests/support/server/api-fixture'
import { person } from '@/tests/support/server/api-harness'
import { mailedSecret, organisationActivity, signIn } from '@/tests/support/server/organisation'

const owner = 'full@example.com'
const finn = { name: 'Finn Full', email: owner }

describeApi('invitations on $name', (api) => {
  const invite = (email: string, role = 'seat-manager', by = owner) => api.call(by, 'POST', '/organisation/invitations', { email, role })
  const pending = async () => v.parse(invitationsSchema, (await api.call(owner, 'GET', '/organisation/invitations')).body)

  it('invites by email to a role: pending, mailed with a link that names nothing but the secret, and recorded', async () => {
    const answer = await invite('Ivy.Invited@Example.com', 'billing-manager')
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    expect(answer.body).toMatchObject({ email: 'ivy.invited@example.com', role: 'billing-manager', invitedBy: 'Finn Full', status: 'pending' })
    expect(new Date(answer.body.expiresAt).getTime() - new Date(answer.body.createdAt).getTime()).toBe(14 * 24 * 3600 * 1000)
    expect((await pending()).map((invitation) => invitation.email)).toEqual(['ivy.invited@example.com'])
    const [mail] = await api.db.query<{ subject: string; text: string }>("select subject, text from mail_outbox where recipient = 'ivy.invited@example.com'")
    expect(mail!.subject).toBe('An invitation to manage Prism licenses')
    expect(mail!.text).toContain('Finn Full (full@example.com) invites you to manage their organisation')
    expect(mail!.text).toMatch(/https:\/\/localhost:5173\/account\/invitations#[\w-]{43} /)
    expect((await organisationActivity(api, owner))[0]).toMatchObject({ kind: 'invitation-sent', actor: finn, actorRole: 'owner', subjectEmail: 'ivy.invited@example.com', role: 'billing-manager' })
  })

  it('refuses to invite a member again, or someone invited already, in words', async () => {
    expect(await invite('ivy.invited@example.com')).toMatchObject({ status: 409, body: { message: 'ivy.invited@example.com is invited already: send the invitation again instead.' } })
    expect(await invite(owner)).toMatchObject({ status: 409, body: { message: 'full@example.com is a member of the organisation already.' } })
    expect(await invite('not an address')).toMatchObject({ status: 422, body: { message: 'Email must be a valid email address' } })
  })

  it('shows the invitation only to the person it was sent to, signed in with that email; the link alone opens nothing', async () => {
    const secret = await mailedSecret(api, 'ivy.invited@example.com')
    expect((await api.call(null, 'POST', '/invitations/offer', { secret })).status, 'no sign-in, no answer').toBe(401)
    expect(await api.call('someone.else@example.com', 'POST', '/invitations/offer', { secret })).toMatchObject({
      status: 403,
      body: { message: 'This invitation was sent to another email address. Sign in with the address it was sent to, then open the link again.' },
    })
    expect((await api.call('someone.else@example.com', 'POST', '/invitations/accept', { secret })).status).toBe(403)
    const offer = await api.call('ivy.invited@example.com', 'POST', '/invitations/offer', { secret })
    expect(v.parse(invitationOfferSchema, offer.body)).toMatchObject({ organisation: 'full@example.com', role: 'billing-manager', invitedBy: 'Finn Full' })
    expect(await api.call('ivy.invited@example.com', 'POST', '/invitations/offer', { secret: 'x'.repeat(43) })).toMatchObject({ status: 404, body: { message: 'The invitation was not found.' } })
    expect(await api.call('ivy.invited@example.com', 'POST', '/invitations/offer', { secret: 'short' })).toMatchObject({ status: 422 })
  })

  it('refuses an unverified email (the tenant says so, or says nothing and does not verify every address) and accepts the verified one', async () => {
    const secret = await mailedSecret(api, 'ivy.invited@example.com')
    for (const email_verified of [false, undefined]) {
      const unverified = await api.token('ivy.invited@example.com', { claims: { email_verified } })
      expect(await api.callWith(unverified, 'POST', '/invitations/accept', { secret })).toMatchObject({
        status: 403,
        body: { message: 'Your email address is not verified. Verify it with your sign-in provider, then open the link again.' },
      })
    }
    await signIn(api, 'ivy.invited@example.com', { claims: { email_verified: true } })
    expect(await api.call('ivy.invited@example.com', 'POST', '/invitations/accept', { secret })).toMatchObject({ status: 200, body: { accepted: true } })
    expect((await api.call('ivy.invited@example.com', 'GET', '/organisation')).body).toMatchObject({ role: 'billing-manager' })
    expect(await pending(), 'accepted: no longer pending').toEqual([])
    expect((await api.call('ivy.invited@example.com', 'POST', '/invitations/accept', { secret })).status, 'a link accepts once').toBe(404)
    expect((await organisationActivity(api, owner))[0]).toMatchObject({ kind: 'invitation-accepted', subjectEmail: 'ivy.invited@example.com', role: 'billing-manager' })
  })

  it('resends with a new link (the old one dead) and 14 more days, and revokes', async () => {
    const sent = (await invite('rene.resent@example.com')).body
    const first = await mailedSecret(api, 'rene.resent@example.com')
    // The first message still waits in the outbox: the resend replaces it rather than sending two.
    const resent = await api.call(owner, 'POST', `/organisation/invitations/${sent.id}/resend`)
    expect(resent).toMatchObject({ status: 200, body: { id: sent.id, status: 'pending' } })
    const second = await mailedSecret(api, 'rene.resent@example.com')
    expect(second).not.toBe(first)
    expect(await api.db.query("select 1 from mail_outbox where recipient = 'rene.resent@example.com'")).toHaveLength(1)
    expect((await api.call('rene.resent@example.com', 'POST', '/invitations/offer', { secret: first })).status, 'the old link is dead').toBe(404)
    expect((await api.call('rene.resent@example.com', 'POST', '/invitations/offer', { secret: second })).status).toBe(200)
    expect((await organisationActivity(api, owner))[0]).toMatchObject({ kind: 'invitation-resent', actorRole: 'owner', subjectEmail: 'rene.resent@example.com' })
    expect((await api.call(owner, 'DELETE', `/organisation/invitations/${sent.id}`)).status).toBe(204)
    expect((await api.call('rene.resent@example.com', 'POST', '/invitations/offer', { secret: second })).status, 'a revoked link is dead').toBe(404)
    expect((await api.call(owner, 'DELETE', `/organisation/invitations/${sent.id}`)).status).toBe(404)
    expect((await organisationActivity(api, owner))[0]).toMatchObject({ kind: 'invitation-revoked', subjectEmail: 'rene.resent@example.com' })
  })

  it('expires after 14 days: refused in words, recorded once, and can be sent anew', async () => {
    const sent = (await invite('eve.expired@example.com')).body
    const secret = await mailedSecret(api, 'eve.expired@example.com')
    await api.db.query("update invitations set expires_at = now() - interval '1 minute' where id = $1", [sent.id])
    expect(await api.call('eve.expired@example.com', 'POST', '/invitations/accept', { secret })).toMatchObject({
      status: 409,
      body: { message: 'This invitation has expired. Ask an owner of the organisation to send it again.' },
    })
    expect((await pending()).find((invitation) => invitation.id === sent.id)?.status).toBe('expired')
    expect(await recordExpiredInvitations(api.db)).toBe(1)
    expect(await recordExpiredInvitations(api.db)).toBe(0)
    expect((await organisationActivity(api, owner))[0]).toMatchObject({ kind: 'invitation-expired', actor: null, subjectEmail: 'eve.expired@example.com' })
    expect((await invite('eve.expired@example.com')).status, 'an expired invitation gives way to a new one').toBe(201)
  })

  it('refuses a person who is a member of another organisation, or owns licenses of their own', async () => {
    expect((await invite('plus@example.com')).status).toBe(201)
    expect(await api.call('plus@example.com', 'POST', '/invitations/accept', { secret: await mailedSecret(api, 'plus@example.com') })).toMatchObject({
      status: 409,
      body: { message: 'You own licenses of your own: a person can be a member of one organisation only. Ask support to move your licenses first.' },
    })
    expect((await api.call('commercial@example.com', 'POST', '/organisation/invitations', { email: 'ivy.invited@example.com', role: 'seat-manager' })).status).toBe(201)
    expect(await api.call('ivy.invited@example.com', 'POST', '/invitations/accept', { secret: await mailedSecret(api, 'ivy.invited@example.com') })).toMatchObject({
      status: 409,
      body: { message: 'You are a member of another organisation: leave it before you accept this invitation.' },
    })
  })

  it('lets only owners invite, list, resend and revoke', async () => {
    for (const [method, path, body] of [
      ['GET', '/organisation/invitations', undefined],
      ['POST', '/organisation/invitations', { email: 'x@example.com', role: 'owner' }],
      ['POST', '/organisation/invitations/inv_x/resend', undefined],
      ['DELETE', '/organisation/invitations/inv_x', undefined],
    ] as const)
      expect(await api.call('ivy.invited@example.com', method, path, body), `${method} ${path}`).toMatchObject({
        status: 403,
        body: { message: "Only the organisation's owners can manage its members." },
      })
  })

  // Last: its backlog's activity would come first in the others' lists.
  it('records a backlog of expiries a batch a run: the rest by the next run', async () => {
    await api.db.query(
      `insert into invitations (id, org_oid, email, role, secret_sha256, created_at, expires_at)
       select 'inv_backlog_' || n, $1, 'backlog' || n || '@example.com', 'seat-manager', sha256(('backlog' || n)::bytea), now() - interval '20 days', now() - interval '6 days'
         from generate_series(1, $2::integer + 1) n`,
      [person(owner).oid, jobBatch],
    )
    expect([await recordExpiredInvitations(api.db), await recordExpiredInvitations(api.db), await recordExpiredInvitations(api.db)]).toEqual([jobBatch, 1, 0])
  })
})
