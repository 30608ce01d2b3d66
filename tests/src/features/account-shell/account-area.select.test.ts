import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { sessionMachine, type SignInIdentity } from '../../../../machines/session.machine'
import { selectAccountArea } from '../../../../src/features/account-shell/account-area.select'
import { account, identity } from '../../../../testkit/models/session.model'
import { settle } from '../../../../testkit/settle'

/** The session of the account area, after POST /api/auth/login answered with this account (or while it has not). */
async function sessionWith(answer: typeof account | null) {
  const loadAccount = fromPromise<typeof account, SignInIdentity>(() => (answer ? Promise.resolve(answer) : new Promise<typeof account>(() => {})))
  const actor = createActor(sessionMachine.provide({ actors: { loadAccount } }), { input: { identity } }).start()
  await settle()
  return actor.getSnapshot()
}

describe('the account area', () => {
  it("shows 'Loading' until the account has come", async () => {
    expect(selectAccountArea(await sessionWith(null))).toEqual({ status: 'loading' })
  })

  it('shows the account: its sidebar, its name and its picture', async () => {
    const withPicture = { ...account, image: 'https://images.example.com/cara.png' }
    expect(selectAccountArea(await sessionWith(withPicture))).toEqual({
      status: 'ready',
      account: withPicture,
      navItems: [
        { kind: 'page', label: 'My Licenses', to: '/account' },
        { kind: 'page', label: 'Profile', to: '/account/profile' },
        { kind: 'billing', label: 'Billing' },
        { kind: 'page', label: 'Manage Licenses', to: '/account/licenses' },
        { kind: 'page', label: 'Invoices and company', to: '/account/invoices' },
      ],
      userName: 'Cara Commercial',
      userImage: 'https://images.example.com/cara.png',
    })
  })

  it('has no picture for an account whose image is empty: the menu shows the default icon', async () => {
    expect(selectAccountArea(await sessionWith({ ...account, image: '' }))).toMatchObject({ status: 'ready', userImage: null })
  })
})
