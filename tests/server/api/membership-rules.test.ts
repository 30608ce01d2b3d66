import { expect, it } from 'vitest'
import { person, type Api } from '@/tests/support/server/api-harness'
import { describeApi, describeApiOnPostgres } from '@/tests/support/server/api-fixture'
import { join, mailedSecret, organisationActivity, signIn } from '@/tests/support/server/organisation'
import { atOnceBehindHeldRows } from '@/tests/support/server/turns'

/**
 * The rules of membership no other test reaches (decision 0024): an invitation to someone who is a
 * member of that organisation already, or whose own account keys an organisation that still has
 * members; and, on PostgreSQL, the same decisions taken at the same moment: two owners demoting or
 * removing each other, one person accepting two invitations.
 */
/** A demo person's oid, else the one a new person signs in with. */
const oidOf = (email: string) => person(email)?.oid ?? `oid-${email}`
const memberElsewhere = 'You are a member of another organisation: leave it before you accept this invitation.'

/** The person accepts the invitation mailed to them, signed in with that email (and `oid`, another address of theirs). */
const accept = async (api: Api, email: string, secret: string, oid = oidOf(email)) => api.callWith(await api.token(email, { oid }), 'POST', '/invitations/accept', { secret })
/** The roles of an organisation's member rows, by member. */
const rolesIn = async (api: Api, organisation: string) =>
  Object.fromEntries((await api.db.query<{ member_oid: string; role: string }>('select member_oid, role from memberships where org_oid = $1', [organisation])).map((row) => [row.member_oid, row.role]))

describeApi('invitations a member cannot accept on $name', (api) => {
  const cara = 'commercial@example.com'

  it('refuses a member an invitation to the organisation they are in already, sent to another address of theirs, and changes nothing', async () => {
    await join(api, cara, 'mo.member@example.com', 'seat-manager')
    expect((await api.call(cara, 'POST', '/organisation/invitations', { email: 'mo.new@example.com', role: 'billing-manager' })).status).toBe(201)
    const refused = await accept(api, 'mo.new@example.com', await mailedSecret(api, 'mo.new@example.com'), oidOf('mo.member@example.com'))
    expect(refused).toMatchObject({ status: 409, body: { message: 'You are a member of this organisation already.' } })
    expect((await rolesIn(api, oidOf(cara)))[oidOf('mo.member@example.com')], 'his role as it was').toBe('seat-manager')
    const invitations = (await api.call(cara, 'GET', '/organisation/invitations')).body as { email: string; status: string }[]
    expect(invitations.find((invitation) => invitation.email === 'mo.new@example.com')?.status, 'the invitation still open').toBe('pending')
  })

  it('refuses the founder who left an organisation that still has members: their account keys it', async () => {
    const fay = 'fay.founder@example.com'
    await signIn(api, fay)
    await join(api, fay, 'otto.owner@example.com', 'owner')
    expect((await api.call(fay, 'DELETE', `/organisation/members/${oidOf(fay)}`)).status).toBe(204)
    expect((await api.call(fay, 'GET', '/organisation')).body, 'Fay stands in no organisation').toMatchObject({ role: null, members: [] })
    expect((await api.call(cara, 'POST', '/organisation/invitations', { email: fay, role: 'seat-manager' })).status).toBe(201)
    expect(await accept(api, fay, await mailedSecret(api, fay))).toMatchObject({ status: 409, body: { message: memberElsewhere } })
    expect(await rolesIn(api, oidOf(cara)), 'not in Cara’s organisation').not.toHaveProperty(oidOf(fay))
    expect(await rolesIn(api, oidOf(fay)), 'her organisation keeps its owner').toEqual({ [oidOf('otto.owner@example.com')]: 'owner' })
  })
})

describeApiOnPostgres('membership decisions taken at the same moment', (api) => {
  /** A new organisation of two owners: its founder and the one they made an owner. */
  async function twoOwners(founder: string, other: string) {
    await signIn(api, founder)
    await join(api, founder, other, 'owner')
    expect(await rolesIn(api, oidOf(founder))).toEqual({ [oidOf(founder)]: 'owner', [oidOf(other)]: 'owner' })
    // Each change reads the members once the test lets go of their rows: both read before either writes.
    return (works: (() => Promise<{ status: number }>)[]) => atOnceBehindHeldRows(api.db, (tx) => tx.query('select 1 from memberships where org_oid = $1 for update', [oidOf(founder)]), works)
  }
  const oneWentThrough = (answers: { status: number }[], done: number) => {
    expect(
      answers.filter((answer) => answer.status === done),
      JSON.stringify(answers),
    ).toHaveLength(1)
    // The other is refused: the last owner stays (409), or its maker is no owner any more (403).
    expect([403, 409], JSON.stringify(answers)).toContain(answers.find((answer) => answer.status !== done)?.status)
  }

  it('two owners demoting each other at once: one stays an owner', async () => {
    const atOnce = await twoOwners('ada.one@example.com', 'bo.two@example.com')
    const answers = await atOnce([
      () => api.call('ada.one@example.com', 'PUT', `/organisation/members/${oidOf('bo.two@example.com')}`, { role: 'seat-manager' }),
      () => api.call('bo.two@example.com', 'PUT', `/organisation/members/${oidOf('ada.one@example.com')}`, { role: 'seat-manager' }),
    ])
    oneWentThrough(answers, 200)
    expect(Object.values(await rolesIn(api, oidOf('ada.one@example.com'))).sort()).toEqual(['owner', 'seat-manager'])
  })

  it('two owners removing each other at once: one stays, an owner', async () => {
    const atOnce = await twoOwners('cy.one@example.com', 'di.two@example.com')
    const answers = await atOnce([
      () => api.call('cy.one@example.com', 'DELETE', `/organisation/members/${oidOf('di.two@example.com')}`),
      () => api.call('di.two@example.com', 'DELETE', `/organisation/members/${oidOf('cy.one@example.com')}`),
    ])
    oneWentThrough(answers, 204)
    expect(Object.values(await rolesIn(api, oidOf('cy.one@example.com')))).toEqual(['owner'])
  })

  it('one person accepting two invitations at once: one organisation takes them, the other is refused in words and its invitation stays open', async () => {
    const pat = 'pat.twice@example.com'
    const inviters = ['commercial@example.com', 'full@example.com']
    await signIn(api, pat)
    const secrets: string[] = []
    for (const inviter of inviters) {
      expect((await api.call(inviter, 'POST', '/organisation/invitations', { email: pat, role: 'seat-manager' })).status).toBe(201)
      secrets.push(await mailedSecret(api, pat))
    }
    // A row of Pat's not yet committed holds both acceptances where they make Pat a member, after each has read that Pat is none.
    const answers = await atOnceBehindHeldRows(
      api.db,
      (tx) => tx.query("insert into memberships (member_oid, org_oid, role) values ($1, $1, 'owner')", [oidOf(pat)]),
      secrets.map((secret) => () => accept(api, pat, secret)),
    )
    expect(answers.map((answer) => answer.status).sort(), JSON.stringify(answers)).toEqual([200, 409])
    expect(answers.find((answer) => answer.status === 409)?.body).toEqual({ message: memberElsewhere })
    const joined = inviters[answers.findIndex((answer) => answer.status === 200)]!
    const refused = inviters.find((inviter) => inviter !== joined)!
    const [membership] = await api.db.query<{ org_oid: string }>('select org_oid from memberships where member_oid = $1', [oidOf(pat)])
    expect(membership?.org_oid, 'Pat is a member of the organisation that took them').toBe(oidOf(joined))
    const open = (await api.call(refused, 'GET', '/organisation/invitations')).body as { email: string; status: string }[]
    expect(open.find((invitation) => invitation.email === pat)?.status, 'the refused invitation is still open').toBe('pending')
    expect(
      (await organisationActivity(api, refused)).filter((entry) => entry.kind === 'invitation-accepted'),
      'nothing accepted in the refused organisation',
    ).toEqual([])
  })
})
