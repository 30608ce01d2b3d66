import { fromPromise, toPromise, waitFor, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { authMachine, type SessionCheck } from '@/machines/auth.machine'
import type { SignedInAccount } from '@/machines/auth.types'
import { tokenMachine, type TokenRequest } from '@/machines/token.machine'
import { createAppActor } from '../ui/app-actors'
import { isInAccountArea } from './account-area'
import { authStarted, signInStarted, tokenOf } from './auth.select'
import { identityOf } from './accounts'
import { createAuthActors } from './auth-actors'
import { createMsalClient } from './msal-client'
import { readAuthSettings } from './settings'
import { createTokenActors } from './token-actors'

export type AuthActor = ActorRefFrom<typeof authMachine>
export type AuthSnapshot = SnapshotFrom<typeof authMachine>

/** What the rest of the app uses of sign-in: the auth actor, tokens, and the signed-in identity. */
export interface AuthService {
  actor: AuthActor
  /** Resolves once MSAL has started and read any sign-in answer. */
  ready(): Promise<AuthSnapshot>
  /** An access token for the API: read scope for GET, write scope for POST and PUT. */
  accessToken(access: 'read' | 'write', returnPath?: string): Promise<string>
  signIn(returnPath: string): void
  signOut(): void
}

/** Thrown by accessToken when no way of getting a token worked (message: the spec's text). */
export class TokenError extends Error {
  readonly redirecting: boolean
  constructor(message: string, redirecting: boolean) {
    super(message)
    this.name = 'TokenError'
    this.redirecting = redirecting
  }
}

export function createAuthService(navigate: (path: string) => void): AuthService {
  const settings = readAuthSettings()
  const msal = createMsalClient(settings)
  const ready = () => waitFor(actor, authStarted, { timeout: Infinity })

  // Only the user can help: ask the sign-in flow for an interactive token, from `none` only.
  const signInAgain = async (request: TokenRequest) => {
    await ready()
    actor.send({ type: 'token.request', interactionType: 'redirect', scopes: request.scopes, returnPath: request.returnPath })
    const sent = signInStarted(actor.getSnapshot())
    if (!sent.started) throw new Error(sent.reason)
  }
  const tokenLogic = tokenMachine.provide({ actors: createTokenActors(msal, settings, signInAgain) })
  const acquire = (request: TokenRequest) => toPromise(createAppActor(tokenLogic, { input: request }).start())

  const actor: AuthActor = createAppActor(
    authMachine.provide({
      actors: {
        ...createAuthActors(msal, settings),
        // The session as an API call would find it: a read token, or a sign-in again back to this page.
        checkSession: fromPromise<SessionCheck, { account: SignedInAccount }>(async ({ input }) => {
          // Another tab's sign-out removed the account from the shared cache.
          if (!msal.getAccount({ homeAccountId: input.account.homeAccountId })) return 'signedOut'
          const outcome = await acquire({ scopes: [settings.scopes.read], account: input.account, returnPath: window.location.pathname + window.location.search })
          if (outcome.status === 'failed') throw new Error(outcome.message)
          return 'active'
        }),
      },
      actions: {
        storeActiveAccount: (_, { account }) => msal.setActiveAccount(account ? msal.getAccount({ homeAccountId: account.homeAccountId }) : null),
        returnToRequestedPage: (_, { returnPath }) => {
          if (returnPath?.startsWith('/')) navigate(returnPath)
        },
        // A fresh page, as after logging out: nothing of the account stays in memory.
        leaveAccountArea: () => {
          if (isInAccountArea()) window.location.replace('/')
        },
      },
    }),
  ).start()

  return {
    actor,
    ready,
    async accessToken(access, returnPath) {
      const snapshot = await ready()
      const request: TokenRequest = { scopes: [settings.scopes[access]], account: snapshot.context.activeAccount, returnPath }
      const answer = tokenOf(await acquire(request))
      if (answer.token !== null) return answer.token
      throw new TokenError('Could not acquire access token', answer.redirecting)
    },
    signIn(returnPath) {
      actor.send({ type: 'login.request', interactionType: 'redirect', returnPath })
    },
    signOut() {
      actor.send({ type: 'logout.request' })
    },
  }
}

export { identityOf }
