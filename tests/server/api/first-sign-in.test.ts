import { expect, it } from 'vitest'
import { describeApi } from '@/tests/support/server/api-fixture'

/** What the account area's sidebar reads of the organisation: the role and what the organisation bought. */
const standingOf = (organisation: { role: unknown; personal: unknown; allowedPriceId: unknown; hasStripeAccount: unknown }) => ({
  role: organisation.role,
  personal: organisation.personal,
  allowedPriceId: organisation.allowedPriceId,
  hasStripeAccount: organisation.hasStripeAccount,
})

/**
 * Issue 43 (decision 0036): opened on My Licenses, the account area sends POST /auth/login, GET
 * /organisation and GET /licenses side by side. On a first-ever sign-in the login makes the
 * account; a read sent beside it finds the account made, or not yet: either way it answers the same
 * role, the same plan and the same cards (the seat assigned to the email before it is bound).
 */
describeApi('a first-ever sign-in with its reads sent side by side on $name', (api) => {
  it('answers the reads the same before, beside and after the sign-in that makes the account', async () => {
    const email = 'first.screen@example.com'
    const signIn = { firstName: 'First', lastName: 'Screen', email, oid: `oid-${email}` }
    expect((await api.call('commercial@example.com', 'POST', '/licenses/assign', { firstName: 'First', lastName: 'Screen', email })).status).toBe(200)
    const reads = () => Promise.all([api.call(email, 'GET', '/organisation'), api.call(email, 'GET', '/licenses')])
    const before = await reads()
    const [login, ...beside] = await Promise.all([api.call(email, 'POST', '/auth/login', signIn), api.call(email, 'GET', '/organisation'), api.call(email, 'GET', '/licenses')])
    const after = await reads()
    for (const answer of [...before, login, ...beside, ...after]) expect(answer.status).toBe(200)
    expect(after[1].body).toEqual([expect.objectContaining({ subscription: 'Commercial', ownedByCaller: false })])
    for (const [organisation, licenses] of [before, beside]) {
      expect(standingOf(organisation!.body)).toEqual(standingOf(after[0].body))
      expect(licenses!.body).toEqual(after[1].body)
    }
    // The member list is the only difference: empty until the account is made, then the person.
    expect(before[0].body.members).toEqual([])
    expect(after[0].body.members.map((member: { email: string }) => member.email)).toEqual([email])
  })
})
