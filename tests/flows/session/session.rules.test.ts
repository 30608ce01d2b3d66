import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { Account } from '@/common/contract'
import type { Organisation } from '@/common/organisation-contract'
import { sessionMachine, type SignInIdentity } from '@/machines/session.machine'
import { settle } from '@/testkit/settle'
import { account, identity } from '@/testkit/flows/session/session.model'
import { personalOrganisation } from '@/testkit/organisations'

/**
 * Spec section 4: the account area loads the account of who signed in, and follows a change of it;
 * beside it, the caller's organisation (issue 30, decision 0026).
 */
function session(load: (identity: SignInIdentity) => Promise<Account>, loadOrganisation: () => Promise<Organisation> = async () => personalOrganisation) {
  const asked: SignInIdentity[] = []
  let wentHome = 0
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        loadAccount: fromPromise(async ({ input }: { input: SignInIdentity }) => (asked.push(input), load(input))),
        loadOrganisation: fromPromise(loadOrganisation),
      },
      actions: { goHome: () => void wentHome++ },
    }),
    { input: { identity } },
  ).start()
  return { actor, asked, wentHome: () => wentHome }
}

describe('the session', () => {
  it('loads the account of who signed in, and shows a change saved on the profile', async () => {
    const { actor, asked } = session(async () => account)
    await settle()
    expect(asked).toEqual([identity])
    expect(actor.getSnapshot().context.account).toEqual(account)
    actor.send({ type: 'account.changed', account: { ...account, firstName: 'Carla' } })
    expect(actor.getSnapshot().context.account?.firstName).toBe('Carla')
  })

  it('sends the user home, once, when the account cannot load [S4.session.load]', async () => {
    const { actor, wentHome } = session(() => Promise.reject(new Error('There was a problem connecting to the server. Please try again.')))
    await settle()
    expect(wentHome()).toBe(1)
    expect(actor.getSnapshot().status).toBe('done')
  })

  it('sends the user home, once, when the organisation cannot load, though the account did', async () => {
    const { actor, wentHome } = session(
      async () => account,
      () => Promise.reject(new Error("We're experiencing technical difficulties. Please try again later or contact support if the problem persists.")),
    )
    await settle()
    expect(wentHome()).toBe(1)
    expect(actor.getSnapshot().status).toBe('done')
  })
})
