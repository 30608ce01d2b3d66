import { act, waitFor } from '@testing-library/react'
import {
  AuthError,
  EventType,
  InteractionRequiredAuthError,
  type AccountInfo,
  type CacheLookupPolicy,
  type EventCallbackFunction,
  type PublicClientApplication,
  type SilentRequest,
} from '@azure/msal-browser'
import { expect, vi } from 'vitest'
import type { AuthFailure } from '@/machines/auth.types'
import { deferred, type Deferred } from './deferred'

/** Cara as MSAL holds her after a sign-in to the tenant (B2C: names and email in the ID token's claims). */
export const caraInMsal: AccountInfo = {
  homeAccountId: 'cara.home',
  localAccountId: 'cara',
  environment: 'localhost',
  tenantId: 'tenant',
  username: '',
  idTokenClaims: { given_name: 'Cara', family_name: 'Commercial', emails: ['commercial@example.com'], oid: 'oid-cara' },
}

/** The MSAL error that the auth code (toAuthFailure) reads as the given failure. */
export function msalErrorFor(failure: AuthFailure): AuthError {
  const correlationId = 'correlation'
  return failure.interactionRequired ? new InteractionRequiredAuthError(failure.errorCode, correlationId, failure.errorMessage) : new AuthError(failure.errorCode, correlationId, failure.errorMessage)
}

/**
 * An MSAL client for the real auth service in the tests' DOM: started with the given accounts in its
 * cache, each silent token call held until the test answers it, and the interactive calls that
 * leave the page (sign-in again, sign-out) recorded and never answered, as the browser has left.
 */
export function fakeMsal(accounts: AccountInfo[]) {
  let cached = [...accounts]
  const callbacks = new Map<string, EventCallbackFunction>()
  const silent: { request: SilentRequest; answer: Deferred<{ accessToken: string }> }[] = []
  const leaves = () => new Promise<never>(() => {})
  const client = {
    initialize: async () => {},
    handleRedirectPromise: async () => null,
    getActiveAccount: () => cached[0] ?? null,
    getAllAccounts: () => cached,
    setActiveAccount: () => {},
    getAccount: ({ homeAccountId }: { homeAccountId: string }) => cached.find((account) => account.homeAccountId === homeAccountId) ?? null,
    addEventCallback: (callback: EventCallbackFunction) => {
      const id = `callback-${callbacks.size}`
      callbacks.set(id, callback)
      return id
    },
    removeEventCallback: (id: string) => callbacks.delete(id),
    acquireTokenSilent: vi.fn((request: SilentRequest) => {
      const answer = deferred<{ accessToken: string }>()
      silent.push({ request, answer })
      return answer.promise
    }),
    acquireTokenRedirect: vi.fn(leaves),
    clearCache: vi.fn(async () => {
      cached = []
    }),
    logoutRedirect: vi.fn(leaves),
  }

  return {
    client: client as unknown as PublicClientApplication,
    acquireTokenRedirect: client.acquireTokenRedirect,
    logoutRedirect: client.logoutRedirect,
    /** Waits for the oldest unanswered silent call, which must use the given cache policy. */
    async silentCall(policy: CacheLookupPolicy) {
      await waitFor(() => expect(silent[0]?.request.cacheLookupPolicy).toBe(policy))
      return silent[0]!.request
    },
    /** Answers the oldest silent call (made with the given cache policy) with a token or a failure. */
    async answer(policy: CacheLookupPolicy, outcome: { token: string } | { failure: AuthFailure }) {
      await this.silentCall(policy)
      const { answer } = silent.shift()!
      await act(async () => ('token' in outcome ? answer.resolve({ accessToken: outcome.token }) : answer.reject(msalErrorFor(outcome.failure))))
    },
    /** Another tab signs out: the shared cache loses the accounts, and MSAL tells this tab. */
    signOutInAnotherTab() {
      cached = []
      act(() => callbacks.forEach((callback) => callback({ eventType: EventType.LOGOUT_SUCCESS, interactionType: null, payload: null, error: null, timestamp: 0, correlationId: 'correlation' })))
    },
  }
}

export type FakeMsal = ReturnType<typeof fakeMsal>
