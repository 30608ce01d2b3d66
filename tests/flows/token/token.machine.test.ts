import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, toPromise } from 'xstate'
import { tokenFailureMessage, tokenMachine, type TokenRequest } from '@/machines/token.machine'
import type { fixtures } from '@/testkit/flows/token/token.model'
import { cacheMiss, needsInteraction, offline, signedIn, signedOut } from '@/testkit/flows/token/token.model'

describe('token machine: the order of spec section 4', () => {
  function acquire(request: TokenRequest, outcomes: Partial<Record<keyof typeof fixtures, () => Promise<string | void>>>) {
    const tried: string[] = []
    const attempt = async (name: keyof typeof fixtures) => {
      tried.push(name)
      const outcome = outcomes[name]
      if (!outcome) throw needsInteraction('not_expected')
      return outcome()
    }
    const step = (name: 'tokenFromCache' | 'tokenByRefreshToken' | 'tokenByHiddenFrame') => fromPromise<string, TokenRequest>(async () => String(await attempt(name)))
    const actor = createActor(
      tokenMachine.provide({
        actors: {
          tokenFromCache: step('tokenFromCache'),
          tokenByRefreshToken: step('tokenByRefreshToken'),
          tokenByHiddenFrame: step('tokenByHiddenFrame'),
          signInAgain: fromPromise<void, TokenRequest>(async () => void (await attempt('signInAgain'))),
        },
      }),
      { input: request },
    ).start()
    return toPromise(actor).then((outcome) => ({ outcome, tried }))
  }

  it('uses the cached token when there is one', async () => {
    const { outcome, tried } = await acquire(signedIn, { tokenFromCache: async () => 'cached' })
    expect(outcome).toEqual({ status: 'acquired', accessToken: 'cached' })
    expect(tried).toEqual(['tokenFromCache'])
  })

  it('renews by refresh token when the cache has none [S4.token.silent-renewal]', async () => {
    const { outcome, tried } = await acquire(signedIn, { tokenFromCache: () => Promise.reject(cacheMiss), tokenByRefreshToken: async () => 'refreshed' })
    expect(outcome).toEqual({ status: 'acquired', accessToken: 'refreshed' })
    expect(tried).toEqual(['tokenFromCache', 'tokenByRefreshToken'])
  })

  it('falls back to a hidden frame when the refresh token is invalid or expired, then to signing in again [S4.token.silent-renewal]', async () => {
    const { outcome, tried } = await acquire(signedIn, {
      tokenFromCache: () => Promise.reject(cacheMiss),
      tokenByRefreshToken: () => Promise.reject(needsInteraction('refresh_token_expired')),
      tokenByHiddenFrame: () => Promise.reject(needsInteraction('login_required')),
      signInAgain: async () => undefined,
    })
    expect(outcome).toEqual({ status: 'redirecting' })
    expect(tried).toEqual(['tokenFromCache', 'tokenByRefreshToken', 'tokenByHiddenFrame', 'signInAgain'])
  })

  it("fails with 'Could not acquire access token' when renewal fails for another reason [S8.token]", async () => {
    const { outcome, tried } = await acquire(signedIn, { tokenFromCache: () => Promise.reject(cacheMiss), tokenByRefreshToken: () => Promise.reject(offline) })
    expect(outcome).toEqual({ status: 'failed', message: tokenFailureMessage })
    expect(tried).toEqual(['tokenFromCache', 'tokenByRefreshToken'])
  })

  // The actors throw MSAL's failures; anything else thrown (null, a text) carries no flag and is a failure like the network.
  it("fails with 'Could not acquire access token' when a step throws something that is not MSAL's failure", async () => {
    for (const thrown of [null, 'refresh failed']) {
      const atRefresh = await acquire(signedIn, { tokenFromCache: () => Promise.reject(cacheMiss), tokenByRefreshToken: () => Promise.reject(thrown) })
      expect(atRefresh).toEqual({ outcome: { status: 'failed', message: tokenFailureMessage }, tried: ['tokenFromCache', 'tokenByRefreshToken'] })
      const atFrame = await acquire(signedIn, {
        tokenFromCache: () => Promise.reject(cacheMiss),
        tokenByRefreshToken: () => Promise.reject(needsInteraction('refresh_token_expired')),
        tokenByHiddenFrame: () => Promise.reject(thrown),
      })
      expect(atFrame).toEqual({ outcome: { status: 'failed', message: tokenFailureMessage }, tried: ['tokenFromCache', 'tokenByRefreshToken', 'tokenByHiddenFrame'] })
    }
  })

  it('sends a signed-out user to sign in without trying the silent ways', async () => {
    const { outcome, tried } = await acquire(signedOut, { signInAgain: async () => undefined })
    expect(outcome).toEqual({ status: 'redirecting' })
    expect(tried).toEqual(['signInAgain'])
  })
})
