import * as v from 'valibot'
import { expect, it } from 'vitest'
import { organisationSchema } from '@/common/organisation-contract'
import { describeApi } from '@/tests/support/server/api-fixture'
import { person } from '@/tests/support/server/api-harness'
import { join, mailedSecret, organisationActivity, signIn } from '@/tests/support/server/organisation'

const owner = 'commercial@example.com'
const cara = { name: 'Cara Commercial', email: owner }

describeApi('an organisation’s members and roles on $name', (api) => {
  const organisation = async (email: string) => {
    const answer = await api.call(email, 'GET', '/organisation')
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return v.parse(organisationSchema, answer.body)
  }
  const roleOf = async (email: string, oid: string) => (await organisation(email)).members.find((member) => member.oid === oid)?.role

  it('shows an account that bought alone as the owner of its own organisation, and a seat holder likewise of theirs, unchanged', async () => {
    expect(await organisation(owner)).toEqual({
      role: 'owner',
      personal: true,
      members: [{ oid: person(owner).oid, name: 'Cara Commercial', email: owner, role: 'owner' }],
      transfer: null,
      allowedPriceId: 'commercial',
      hasStripeAccount: true,
    })
    expect(await organisation('dev1@example.com')).toMatchObject({ role: 'owner', personal: true, allowedPriceId: null, hasStripeAccount: false })
    // A seat holder still sees their own license, as before organisations.
    expect((await api.call('dev1@example.com', 'GET', '/licenses')).body).toHaveLength(1)
  })

  it('lists the members an owner invited, each in their role, and the owner first', async () => {
    await join(api, owner, 'bea.billing@example.com', 'billing-manager')
    await join(api, owner, 'sam.seats@example.com', 'seat-manager')
    const listed = await organisation('sam.seats@example.com')
    expect(listed.role).toBe('seat-manager')
    expect(listed.personal).toBe(false)
    // A member sees the organisation's plan and payment customer, not their own account's.
    expect(listed).toMatchObject({ allowedPriceId: 'commercial', hasStripeAccount: true })
    expect(listed.members.map((member) => [member.email, member.role])).toEqual([
      [owner, 'owner'],
      ['bea.billing@example.com', 'billing-manager'],
      ['sam.seats@example.com', 'seat-manager'],
    ])
  })

  it('lets an owner change a role, and records who did it in which role', async () => {
    const changed = await api.call(owner, 'PUT', '/organisation/members/oid-bea.billing@example.com', { role: 'seat-manager' })
    expect(changed).toMatchObject({ status: 200, body: { email: 'bea.billing@example.com', role: 'seat-manager' } })
    expect(await roleOf(owner, 'oid-bea.billing@example.com')).toBe('seat-manager')
    expect((await organisationActivity(api, owner))[0]).toMatchObject({ kind: 'role-changed', actor: cara, actorRole: 'owner', subjectEmail: 'bea.billing@example.com', role: 'seat-manager' })
    // Her new role holds at once: she manages seats now, and billing is closed to her.
    expect((await api.call('bea.billing@example.com', 'GET', '/licenses/assigned')).status).toBe(200)
    expect(await api.call('bea.billing@example.com', 'GET', '/stripe/has-default-payment-method')).toMatchObject({
      status: 403,
      body: { message: "Only the organisation's owners and billing managers can buy licenses or open billing." },
    })
    expect((await api.call(owner, 'PUT', '/organisation/members/oid-bea.billing@example.com', { role: 'billing-manager' })).status).toBe(200)
  })

  it('refuses a role that is not one, a member who is not one, and a change by anyone but an owner', async () => {
    expect(await api.call(owner, 'PUT', '/organisation/members/oid-bea.billing@example.com', { role: 'admin' })).toMatchObject({
      status: 422,
      body: { message: 'role must be owner, billing-manager or seat-manager' },
    })
    expect(await api.call(owner, 'PUT', '/organisation/members/oid-nobody', { role: 'owner' })).toMatchObject({ status: 404, body: { message: 'The member was not found.' } })
    expect(await api.call('bea.billing@example.com', 'PUT', '/organisation/members/oid-sam.seats@example.com', { role: 'owner' })).toMatchObject({
      status: 403,
      body: { message: "Only the organisation's owners can manage its members." },
    })
    expect(await api.call('plus@example.com', 'PUT', '/organisation/members/oid-sam.seats@example.com', { role: 'owner' }), "another organisation's member is not Paula's").toMatchObject({
      status: 404,
    })
  })

  it('never leaves an organisation without an owner: the last owner can neither leave, be removed nor change role (409)', async () => {
    const caraOid = person(owner).oid
    const lastOwner = { status: 409 }
    expect(await api.call(owner, 'DELETE', `/organisation/members/${caraOid}`)).toMatchObject({
      ...lastOwner,
      body: { message: 'An organisation needs an owner: make another member an owner before you leave.' },
    })
    expect(await api.call(owner, 'PUT', `/organisation/members/${caraOid}`, { role: 'billing-manager' })).toMatchObject({
      ...lastOwner,
      body: { message: 'An organisation needs an owner: make another member an owner before you change the role of the last one.' },
    })
    expect(await roleOf(owner, caraOid)).toBe('owner')
    // With a second owner, either may go.
    expect((await api.call(owner, 'PUT', '/organisation/members/oid-sam.seats@example.com', { role: 'owner' })).status).toBe(200)
    expect((await api.call(owner, 'PUT', '/organisation/members/oid-sam.seats@example.com', { role: 'seat-manager' })).status).toBe(200)
    // A personal organisation's founder is its last owner too.
    expect(await api.call('plus@example.com', 'DELETE', `/organisation/members/${person('plus@example.com').oid}`)).toMatchObject(lastOwner)
    expect(await api.call('plus@example.com', 'PUT', `/organisation/members/${person('plus@example.com').oid}`, { role: 'seat-manager' })).toMatchObject(lastOwner)
  })

  it('lets a member leave and an owner remove one, each recorded, and the leaver loses the organisation at once', async () => {
    await join(api, owner, 'lea.leaves@example.com', 'seat-manager')
    expect((await api.call('lea.leaves@example.com', 'GET', '/licenses/assigned')).status).toBe(200)
    expect((await api.call('lea.leaves@example.com', 'DELETE', '/organisation/members/oid-lea.leaves@example.com')).status).toBe(204)
    expect(await organisation('lea.leaves@example.com'), 'a person no longer a member stands alone again').toMatchObject({ role: 'owner', personal: true })
    expect((await api.call('lea.leaves@example.com', 'GET', '/licenses/assigned')).body, "she sees her own (empty) organisation, not Cara's seats").toEqual([])
    expect((await organisationActivity(api, owner))[0]).toMatchObject({ kind: 'member-left', subjectEmail: 'lea.leaves@example.com', role: 'seat-manager', actorRole: 'seat-manager' })
    await join(api, owner, 'rob.removed@example.com', 'billing-manager')
    expect(await api.call('bea.billing@example.com', 'DELETE', '/organisation/members/oid-rob.removed@example.com')).toMatchObject({ status: 403 })
    expect((await api.call(owner, 'DELETE', '/organisation/members/oid-rob.removed@example.com')).status).toBe(204)
    expect((await organisationActivity(api, owner))[0]).toMatchObject({ kind: 'member-removed', actor: cara, actorRole: 'owner', subjectEmail: 'rob.removed@example.com', role: 'billing-manager' })
  })

  it('transfers ownership only once the new owner accepts; the former owner takes the role they chose', async () => {
    const caraOid = person(owner).oid
    expect(await api.call(owner, 'POST', '/organisation/transfer', { to: caraOid, formerOwnerBecomes: null })).toMatchObject({ status: 422 })
    const offered = await api.call(owner, 'POST', '/organisation/transfer', { to: 'oid-bea.billing@example.com', formerOwnerBecomes: 'billing-manager' })
    expect(offered.status, JSON.stringify(offered.body)).toBe(200)
    expect(offered.body.transfer).toMatchObject({ from: { email: owner }, to: { email: 'bea.billing@example.com' }, formerOwnerBecomes: 'billing-manager' })
    expect(await roleOf(owner, caraOid), 'nothing changes before the acceptance').toBe('owner')
    expect(await api.call(owner, 'POST', '/organisation/transfer', { to: 'oid-sam.seats@example.com', formerOwnerBecomes: null })).toMatchObject({ status: 409 })
    // Only the member it names can accept it.
    expect(await api.call('sam.seats@example.com', 'POST', '/organisation/transfer/accept')).toMatchObject({ status: 404, body: { message: 'The offer of ownership was not found.' } })
    const accepted = await api.call('bea.billing@example.com', 'POST', '/organisation/transfer/accept')
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200)
    expect(accepted.body).toMatchObject({ role: 'owner', transfer: null })
    expect(await roleOf(owner, caraOid)).toBe('billing-manager')
    expect((await organisationActivity(api, 'bea.billing@example.com'))[0]).toMatchObject({
      kind: 'ownership-transferred',
      actor: { email: 'bea.billing@example.com' },
      actorRole: 'billing-manager',
      subjectEmail: owner,
      role: 'owner',
    })
    // Cara is a billing manager now: members are closed to her, billing open.
    expect((await api.call(owner, 'PUT', '/organisation/members/oid-sam.seats@example.com', { role: 'owner' })).status).toBe(403)
    expect((await api.call(owner, 'GET', '/stripe/has-default-payment-method')).status).toBe(200)
    // And back, declined once and withdrawn once on the way.
    expect((await api.call('bea.billing@example.com', 'POST', '/organisation/transfer', { to: caraOid, formerOwnerBecomes: 'billing-manager' })).status).toBe(200)
    expect((await api.call(owner, 'POST', '/organisation/transfer/decline')).status).toBe(204)
    expect((await organisationActivity(api, 'bea.billing@example.com'))[0]).toMatchObject({ kind: 'ownership-declined', actor: cara, subjectEmail: 'bea.billing@example.com' })
    expect((await api.call('bea.billing@example.com', 'POST', '/organisation/transfer', { to: caraOid, formerOwnerBecomes: 'billing-manager' })).status).toBe(200)
    expect((await api.call('bea.billing@example.com', 'DELETE', '/organisation/transfer')).status).toBe(204)
    expect((await api.call(owner, 'POST', '/organisation/transfer/accept')).status).toBe(404)
    expect((await api.call('bea.billing@example.com', 'POST', '/organisation/transfer', { to: caraOid, formerOwnerBecomes: 'billing-manager' })).status).toBe(200)
    expect((await api.call(owner, 'POST', '/organisation/transfer/accept')).status).toBe(200)
    expect(await roleOf(owner, caraOid)).toBe('owner')
    expect(await roleOf(owner, 'oid-bea.billing@example.com')).toBe('billing-manager')
  })

  it('lets a billing manager buy and see billing for the organisation, and a seat manager assign its seats, each recorded in their role', async () => {
    const assigned = await api.call('sam.seats@example.com', 'POST', '/licenses/assign', { firstName: 'Ada', lastName: 'Lovelace', email: 'ada.org@example.com' })
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200)
    expect((await organisationActivity(api, owner))[0]).toMatchObject({ kind: 'assign', actor: { email: 'sam.seats@example.com' }, actorRole: 'seat-manager', subjectEmail: 'ada.org@example.com' })
    expect((await api.call(owner, 'GET', '/licenses/assigned')).body.map((seat: { email: string }) => seat.email)).toContain('ada.org@example.com')
    const card = await api.call('bea.billing@example.com', 'GET', '/stripe/has-default-payment-method')
    expect(card, "the organisation's card, not one of her own").toMatchObject({ status: 200, body: { hasPaymentMethod: true } })
    expect((await api.call('bea.billing@example.com', 'GET', '/account/stats')).body).toMatchObject({ subscription: 'Commercial', purchased: 5 })
    expect((await api.call('bea.billing@example.com', 'GET', '/licenses/assigned')).status).toBe(403)
  })
  it('revokes the open invitations of an owner who is demoted, removed, or hands over ownership, each recorded; the others stay', async () => {
    const pendingTo = async () => (await api.call(owner, 'GET', '/organisation/invitations')).body.map((invitation: { email: string }) => invitation.email).sort()
    const invite = async (by: string, email: string) => expect((await api.call(by, 'POST', '/organisation/invitations', { email, role: 'seat-manager' })).status).toBe(201)
    await join(api, owner, 'otto.owner@example.com', 'owner')
    await invite(owner, 'kept.invitee@example.com')
    await invite('otto.owner@example.com', 'ivy.demoted@example.com')
    await signIn(api, 'ivy.demoted@example.com')
    const ivysLink = await mailedSecret(api, 'ivy.demoted@example.com')

    expect((await api.call(owner, 'PUT', '/organisation/members/oid-otto.owner@example.com', { role: 'seat-manager' })).status).toBe(200)
    expect(await pendingTo()).toEqual(['kept.invitee@example.com'])
    // One transaction: the two entries share its time, in either order.
    expect(
      (await organisationActivity(api, owner))
        .slice(0, 2)
        .map((entry) => [entry.kind, (entry.actor as { email: string } | null)?.email, entry.subjectEmail])
        .sort(),
    ).toEqual([
      ['invitation-revoked', owner, 'ivy.demoted@example.com'],
      ['role-changed', owner, 'otto.owner@example.com'],
    ])
    expect((await api.call('ivy.demoted@example.com', 'POST', '/invitations/accept', { secret: ivysLink })).status, 'the link accepts nothing').toBe(404)

    expect((await api.call(owner, 'PUT', '/organisation/members/oid-otto.owner@example.com', { role: 'owner' })).status).toBe(200)
    await invite('otto.owner@example.com', 'una.removed@example.com')
    expect((await api.call(owner, 'DELETE', '/organisation/members/oid-otto.owner@example.com')).status).toBe(204)
    expect(await pendingTo()).toEqual(['kept.invitee@example.com'])
    expect((await organisationActivity(api, owner)).slice(0, 2)).toContainEqual(expect.objectContaining({ kind: 'invitation-revoked', actor: cara, subjectEmail: 'una.removed@example.com' }))

    // Handing over ownership: the former owner, a billing manager now, leaves none of theirs open.
    await invite(owner, 'tom.transfer@example.com')
    expect((await api.call(owner, 'POST', '/organisation/transfer', { to: 'oid-bea.billing@example.com', formerOwnerBecomes: 'billing-manager' })).status).toBe(200)
    expect((await api.call('bea.billing@example.com', 'POST', '/organisation/transfer/accept')).status).toBe(200)
    expect((await api.call('bea.billing@example.com', 'GET', '/organisation/invitations')).body, "Cara's two are revoked").toEqual([])
    // And back: Cara owns it again.
    expect((await api.call('bea.billing@example.com', 'POST', '/organisation/transfer', { to: person(owner).oid, formerOwnerBecomes: 'billing-manager' })).status).toBe(200)
    expect((await api.call(owner, 'POST', '/organisation/transfer/accept')).status).toBe(200)
  })
})
