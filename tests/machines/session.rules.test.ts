import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { Account } from '../../common/contract'
import { sessionMachine, type SignInIdentity } from '../../machines/session.machine'
import { settle } from '../../testkit/settle'
import { account, identity } from '../../testkit/models/session.model'

/** Spec section 4: the account area loads the account of who signed in, and follows a change of it. */
function session(load: (identity: SignInIdentity) => Promise<Account>) {
  const asked: SignInIdentity[] = []
  let wentHome = 0
  const actor = createActor(
    sessionMachine.provide({
      actors: { loadAccount: fromPromise(async ({ input }: { input: SignInIdentity }) => (asked.push(input), load(input))) },
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

  it('sends the user home, once, when the account cannot load', async () => {
    const { actor, wentHome } = session(() => Promise.reject(new Error('There was a problem connecting to the server. Please try again.')))
    await settle()
    expect(wentHome()).toBe(1)
    expect(actor.getSnapshot().status).toBe('done')
  })
})
