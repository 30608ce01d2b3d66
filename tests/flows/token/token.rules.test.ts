import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, toPromise } from 'xstate'
import { tokenMachine, type TokenRequest } from '@/machines/token.machine'
import { cacheMiss, needsInteraction, signedIn, signedOut } from '@/testkit/flows/token/token.model'

/**
 * Spec sections 4 and 8, told through what each way to a token is asked and how the call ends: a
 * generated path feeds the machine its actors' answers, so it never sees what an actor was given.
 */
function acquire(request: TokenRequest, signInAgain: () => Promise<void>) {
  const asked: [string, TokenRequest][] = []
  const refusing = (name: string) =>
    fromPromise<string, TokenRequest>(async ({ input }) => {
      asked.push([name, input])
      throw name === 'tokenFromCache' ? cacheMiss : needsInteraction('login_required')
    })
  const actor = createActor(
    tokenMachine.provide({
      actors: {
        tokenFromCache: refusing('tokenFromCache'),
        tokenByRefreshToken: refusing('tokenByRefreshToken'),
        tokenByHiddenFrame: refusing('tokenByHiddenFrame'),
        signInAgain: fromPromise<void, TokenRequest>(async ({ input }) => {
          asked.push(['signInAgain', input])
          return signInAgain()
        }),
      },
    }),
    { input: request },
  ).start()
  return toPromise(actor).then((outcome) => ({ outcome, asked }))
}

describe('a token for a call', () => {
  it('is asked of each way in turn for the call’s own scopes and account', async () => {
    const request = { ...signedIn, scopes: ['accounts.write'], returnPath: '/account/licenses' }
    const { asked } = await acquire(request, async () => undefined)
    expect(asked.map(([name]) => name)).toEqual(['tokenFromCache', 'tokenByRefreshToken', 'tokenByHiddenFrame', 'signInAgain'])
    for (const [, given] of asked) expect(given).toMatchObject({ scopes: ['accounts.write'], account: signedIn.account, returnPath: '/account/licenses' })
  })

  it("fails the call with 'Could not acquire access token' when the sign-in flow cannot start", async () => {
    const { outcome } = await acquire(signedOut, () => Promise.reject(new Error('Cannot fall back to interaction because another interaction is in progress')))
    expect(outcome).toEqual({ status: 'failed', message: 'Could not acquire access token' })
  })
})
