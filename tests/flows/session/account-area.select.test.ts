import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { sessionMachine, type SignInIdentity } from '@/machines/session.machine'
import { selectAccountArea } from '@/src/features/account-shell/account-area.select'
import { account, identity } from '@/testkit/flows/session/session.model'
import { personalOrganisation, teamAs } from '@/testkit/organisations'
import type { Organisation } from '@/common/organisation-contract'
import type { License } from '@/common/contract'
import { settle } from '@/testkit/settle'
import { commercialCustomerNav } from '@/tests/support/account-nav'

/** The session of the account area, after POST /api/auth/login answered with this account (or while it has not), and GET /api/organisation with this organisation. */
async function sessionWith(answer: typeof account | null, organisation: Organisation | null = personalOrganisation) {
  const loadAccount = fromPromise<typeof account, SignInIdentity>(() => (answer ? Promise.resolve(answer) : new Promise<typeof account>(() => {})))
  const loadOrganisation = fromPromise<Organisation, void>(() => (organisation ? Promise.resolve(organisation) : new Promise<Organisation>(() => {})))
  const actor = createActor(sessionMachine.provide({ actors: { loadAccount, loadOrganisation } }), { input: { identity } }).start()
  await settle()
  return actor.getSnapshot()
}

describe('the account area', () => {
  it("shows 'Loading' until the account and the organisation have come [S2.account.loading]", async () => {
    expect(selectAccountArea(await sessionWith(null))).toEqual({ status: 'loading' })
    expect(selectAccountArea(await sessionWith(account, null))).toEqual({ status: 'loading' })
  })

  it('opened on My Licenses, shows the area once the account and the organisation came, before its first page', async () => {
    const loadAccount = fromPromise<typeof account, SignInIdentity>(async () => account)
    const loadOrganisation = fromPromise<Organisation, void>(async () => personalOrganisation)
    const loadLicenses = fromPromise<License[], void>(() => new Promise<License[]>(() => {}))
    const actor = createActor(sessionMachine.provide({ actors: { loadAccount, loadOrganisation, loadLicenses } }), { input: { identity, opensOnLicenses: true } }).start()
    await settle()
    expect(selectAccountArea(actor.getSnapshot())).toMatchObject({ status: 'ready', account })
    expect(actor.getSnapshot().context.firstLicenses).toBe('loading')
  })

  it('shows the account: its sidebar, its name and its picture [S2.account.user-menu]', async () => {
    const withPicture = { ...account, image: 'https://images.example.com/cara.png' }
    expect(selectAccountArea(await sessionWith(withPicture))).toEqual({
      status: 'ready',
      account: withPicture,
      navItems: commercialCustomerNav,
      userName: 'Cara Commercial',
      userImage: 'https://images.example.com/cara.png',
    })
  })

  it("shows the sidebar of the caller's role in the organisation, not of their own account", async () => {
    // A member's own account bought nothing: the organisation did.
    const member = { ...account, allowedPriceId: null, hasStripeAccount: false }
    const labels = async (organisation: Organisation) => {
      const area = selectAccountArea(await sessionWith(member, organisation))
      return area.status === 'ready' ? area.navItems.map((item) => item.label) : []
    }
    expect(await labels(teamAs('billing-manager'))).toEqual(['My Licenses', 'Profile', 'Billing', 'Manage Licenses', 'Invoices and company', 'Members'])
    expect(await labels(teamAs('seat-manager'))).toEqual(['My Licenses', 'Profile', 'Manage Licenses', 'Members'])
  })

  it('has no picture for an account whose image is empty: the menu shows the default icon [S2.account.user-menu]', async () => {
    expect(selectAccountArea(await sessionWith({ ...account, image: '' }))).toMatchObject({ status: 'ready', userImage: null })
  })
})
