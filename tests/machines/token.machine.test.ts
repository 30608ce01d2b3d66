import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, toPromise, type SnapshotFrom } from 'xstate'
import { tokenFailureMessage, tokenMachine, type TokenRequest } from '../../machines/token.machine'
import type { fixtures} from './token.model';
import { cacheMiss, needsInteraction, offline, signedIn, signedOut, tokenModel } from './token.model'
import { describePath, planPaths } from '../model/paths'
import { replayPath } from '../model/run'

const plan = planPaths(tokenModel)

/** What the caller gets: a token, a redirect to sign in, or the spec's failure text. */
function expectations(snapshot: SnapshotFrom<typeof tokenMachine>) {
  if (snapshot.status !== 'done') return
  const outcome = snapshot.output!
  if (outcome.status === 'acquired') expect(outcome.accessToken).toMatch(/^token-/)
  if (outcome.status === 'failed') expect(outcome.message).toBe('Could not acquire access token')
}

describe('token machine: generated paths', () => {
  it('reaches every state and transition', () => {
    expect(plan.coverage.states.missing).toEqual([])
    expect(plan.coverage.transitions.missing).toEqual([])
  })

  for (const path of plan.paths) {
    it(`replays ${path.input?.account ? 'signed in' : 'signed out'}: ${describePath(path.steps)}`, () => {
      replayPath(tokenMachine, path, { actors: tokenModel.actors, serialize: plan.serialize, expectations })
    })
  }
})

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
        actors: { tokenFromCache: step('tokenFromCache'), tokenByRefreshToken: step('tokenByRefreshToken'), tokenByHiddenFrame: step('tokenByHiddenFrame'), signInAgain: fromPromise<void, TokenRequest>(async () => void (await attempt('signInAgain'))) },
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

  it('renews by refresh token when the cache has none', async () => {
    const { outcome, tried } = await acquire(signedIn, { tokenFromCache: () => Promise.reject(cacheMiss), tokenByRefreshToken: async () => 'refreshed' })
    expect(outcome).toEqual({ status: 'acquired', accessToken: 'refreshed' })
    expect(tried).toEqual(['tokenFromCache', 'tokenByRefreshToken'])
  })

  it('falls back to a hidden frame when the refresh token is invalid or expired, then to signing in again', async () => {
    const { outcome, tried } = await acquire(signedIn, {
      tokenFromCache: () => Promise.reject(cacheMiss),
      tokenByRefreshToken: () => Promise.reject(needsInteraction('refresh_token_expired')),
      tokenByHiddenFrame: () => Promise.reject(needsInteraction('login_required')),
      signInAgain: async () => undefined,
    })
    expect(outcome).toEqual({ status: 'redirecting' })
    expect(tried).toEqual(['tokenFromCache', 'tokenByRefreshToken', 'tokenByHiddenFrame', 'signInAgain'])
  })

  it("fails with 'Could not acquire access token' when renewal fails for another reason", async () => {
    const { outcome, tried } = await acquire(signedIn, { tokenFromCache: () => Promise.reject(cacheMiss), tokenByRefreshToken: () => Promise.reject(offline) })
    expect(outcome).toEqual({ status: 'failed', message: tokenFailureMessage })
    expect(tried).toEqual(['tokenFromCache', 'tokenByRefreshToken'])
  })

  it('sends a signed-out user to sign in without trying the silent ways', async () => {
    const { outcome, tried } = await acquire(signedOut, { signInAgain: async () => undefined })
    expect(outcome).toEqual({ status: 'redirecting' })
    expect(tried).toEqual(['signInAgain'])
  })
})
