import { expect, it } from 'vitest'
import { permissions } from '@/server/organisations/roles'
import { describeApi } from '@/tests/support/server/api-fixture'
import { person } from '@/tests/support/server/api-harness'
import { join, mailedSecret, organisationActivity } from '@/tests/support/server/organisation'

const owner = 'plus@example.com'
const removed = 'rex.removed@example.com'
const ally = 'ally.accomplice@example.com'
const back = 'https://localhost:5173/account/licenses'
const company = { legalName: 'Kept Elsewhere Ltd', address: { line1: '1 Stale Way', line2: '', city: 'Dublin', postalCode: 'D02', state: '', country: 'IE' }, taxId: null }
type Change = [call: string, method: string, path: string, body: unknown, refusal: string]

/**
 * A person removed or demoted on one instance while another still keeps their old role in memory
 * (its notification lost; issue 48): every change that role permitted is refused there at once, in
 * the permission's words, because each change reads the role again in its own transaction.
 */
describeApi('a role another instance still keeps, on $name', (api) => {
  it('refuses every change a removed owner could make through an instance that still remembers them as an owner, and changes nothing', async () => {
    await join(api, owner, removed, 'owner')
    await join(api, owner, ally, 'seat-manager')
    // What the changes act on, made by the remaining owner.
    const invited = await api.call(owner, 'POST', '/organisation/invitations', { email: 'pending@example.com', role: 'seat-manager' })
    const seat = await api.call(owner, 'POST', '/licenses/assign', { firstName: 'Kept', lastName: 'Seat', email: 'kept.seat@example.com' })
    const token = await api.call(owner, 'POST', '/feed-tokens', { name: 'Kept token' })
    const [renewal] = (await api.call(owner, 'GET', '/renewals')).body as { subscriptionId: string; renewalSeats: number }[]
    expect([invited.status, seat.status, token.status, renewal && 200]).toEqual([201, 200, 201, 200])
    const [members, seats, billing] = [permissions.members.refusal, permissions.seats.refusal, permissions.billing.refusal]
    const changes: Change[] = [
      ['promotes an accomplice', 'PUT', `/organisation/members/oid-${ally}`, { role: 'owner' }, members],
      ['removes the other owner', 'DELETE', `/organisation/members/${person(owner).oid}`, undefined, members],
      ['invites someone as an owner', 'POST', '/organisation/invitations', { email: 'accomplice2@example.com', role: 'owner' }, members],
      ['sends an invitation again', 'POST', `/organisation/invitations/${invited.body.id}/resend`, undefined, members],
      ['revokes an invitation', 'DELETE', `/organisation/invitations/${invited.body.id}`, undefined, members],
      ['offers the ownership', 'POST', '/organisation/transfer', { to: `oid-${ally}`, formerOwnerBecomes: null }, members],
      ['makes a feed token', 'POST', '/feed-tokens', { name: 'Two years' }, seats],
      ['revokes a feed token', 'DELETE', `/feed-tokens/${token.body.token.id}`, undefined, seats],
      ['assigns a seat', 'POST', '/licenses/assign', { firstName: 'Stolen', lastName: 'Seat', email: 'stolen@example.com' }, seats],
      ['unassigns a seat', 'POST', '/licenses/unassign', { licenseId: seat.body.id }, seats],
      ["sends a seat's mail again", 'POST', `/licenses/${seat.body.id}/resend`, undefined, seats],
      ['opens billing', 'POST', '/stripe/create-customer-portal-session', { returnUrl: back }, billing],
      ['saves a card', 'POST', '/stripe/save-default-payment-method', { paymentMethodId: 'pm_kept_elsewhere' }, billing],
      ['opens a checkout', 'POST', '/stripe/create-checkout-session', { priceId: 'commercial-plus', quantity: 1, successUrl: back, cancelUrl: back }, billing],
      ['renames the company', 'PUT', '/stripe/company', company, billing],
      ['upgrades', 'POST', '/stripe/upgrade-community-subscription', { priceId: 'commercial-plus', quantity: 40 }, billing],
      ["changes the renewal's seats", 'PUT', `/stripe/renewals/${renewal!.subscriptionId}/seats`, { seats: renewal!.renewalSeats }, billing],
      ['turns auto-renewal off', 'PUT', `/stripe/renewals/${renewal!.subscriptionId}/auto-renew`, { autoRenew: false }, billing],
    ]
    // One instance for each change, and one for the seat's key, each remembering the owner (a refusal makes an instance forget).
    const instances = changes.map(() => api.anotherInstance())
    const rotating = api.anotherInstance()
    expect((await rotating.call(removed, 'GET', '/organisation')).body).toMatchObject({ role: 'owner' })
    for (const instance of instances) expect((await instance.call(removed, 'GET', '/organisation')).body).toMatchObject({ role: 'owner', personal: false })
    const before = { members: (await api.call(owner, 'GET', '/organisation')).body.members, activity: await organisationActivity(api, owner) }

    expect((await api.call(owner, 'DELETE', `/organisation/members/oid-${removed}`)).status).toBe(204)

    const answers = await Promise.all(changes.map(([, method, path, body], index) => instances[index]!.call(removed, method, path, body)))
    expect(answers.map((answer, index) => [changes[index]![0], answer.status, answer.body?.message])).toEqual(changes.map(([name, , , , refusal]) => [name, 403, refusal]))
    // A seat's key is its holder's to rotate too: to someone outside its organisation, the seat is unknown.
    const keyBefore = (await api.db.query<{ key: string }>('select license_key as key from seats where id = $1', [seat.body.id]))[0]!.key
    expect(await rotating.call(removed, 'POST', `/licenses/${seat.body.id}/regenerate-key`)).toMatchObject({ status: 404, body: { message: 'The license was not found.' } })
    expect((await api.db.query<{ key: string }>('select license_key as key from seats where id = $1', [seat.body.id]))[0]!.key).toBe(keyBefore)
    expect((await api.call(owner, 'GET', '/organisation')).body.members, 'the members as they were, less the one removed').toEqual(
      before.members.filter((member: { email: string }) => member.email !== removed),
    )
    expect((await organisationActivity(api, owner)).slice(1), 'nothing recorded after the removal').toEqual(before.activity)
    // The instance that refused forgot what it kept: the person stands in their own organisation now.
    expect((await instances[0]!.call(removed, 'GET', '/organisation')).body).toMatchObject({ role: 'owner', personal: true, members: [{ email: removed }] })
  })

  it('lets a demoted owner do what the new role permits, and nothing more, through an instance that still remembers the old one', async () => {
    const demoted = 'dora.demoted@example.com'
    await join(api, owner, demoted, 'owner')
    const [there, again] = [api.anotherInstance(), api.anotherInstance()]
    for (const instance of [there, again]) expect((await instance.call(demoted, 'GET', '/organisation')).body).toMatchObject({ role: 'owner' })
    expect((await api.call(owner, 'PUT', `/organisation/members/oid-${demoted}`, { role: 'seat-manager' })).status).toBe(200)

    expect(await there.call(demoted, 'POST', '/organisation/invitations', { email: 'nobody@example.com', role: 'owner' })).toMatchObject({
      status: 403,
      body: { message: permissions.members.refusal },
    })
    const made = await again.call(demoted, 'POST', '/feed-tokens', { name: 'A seat manager may' })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    expect((await organisationActivity(api, owner))[0]).toMatchObject({ kind: 'feed-token-created', actor: { email: demoted } })
    // The invitation was never sent.
    await expect(mailedSecret(api, 'nobody@example.com')).rejects.toThrow('No invitation was mailed')
  })
})
