// @vitest-environment happy-dom
import { CacheLookupPolicy } from '@azure/msal-browser'
import { MantineProvider } from '@mantine/core'
import { RouterProvider, createMemoryHistory, createRouter } from '@tanstack/react-router'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SnapshotFrom } from 'xstate'
import type { AuthFailure } from '@/machines/auth.types'
import type { tokenMachine } from '@/machines/token.machine'
import { toAuthFailure } from '@/src/auth/accounts'
import { createAuthService } from '@/src/auth/auth-service'
import { routeTree } from '@/src/routeTree.gen'
import { theme } from '@/src/ui/theme'
import { account } from '@/testkit/flows/session/session.model'
import { personalOrganisation } from '@/testkit/organisations'
import { tokenModel } from '@/testkit/flows/token/token.model'
import { caraInMsal, fakeMsal, msalErrorFor, type FakeMsal } from '@/tests/support/fake-msal'
import { describePath, planPaths } from '@/testkit/model/paths'
import { walkPaths } from '@/tests/support/run-paths'
import { tokenViewTable } from '@/testkit/flows/token/token.view-table'
import { tokenOracle } from '@/testkit/flows/token/token.oracle'

/**
 * The token flow behind an API call, at component level: the real auth service (auth and token
 * machines, MSAL's actors) over a fake MSAL client, under the real account route and Profile page.
 * Each path runs on the call that 'Update Profile' makes (PUT /account/, a write token); the
 * calls before it (the account, the profile) take their tokens from the cache.
 */
let msal: FakeMsal
vi.mock('@/src/auth/msal-client', () => ({ createMsalClient: () => msal.client }))

const writeScope = 'https://prismlibrary.onmicrosoft.com/accounts-api/accounts.write'

/** The API on the other side of the calls: what each call carried, and the account it answers with. */
const requests: { method: string; path: string; authorization: string | null }[] = []
beforeEach(() => {
  requests.length = 0
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = new URL(url).pathname
      requests.push({ method: init.method ?? 'GET', path, authorization: new Headers(init.headers).get('Authorization') })
      if (init.method === 'PUT') return new Response(null, { status: 204 })
      return Response.json(path.endsWith('/organisation') ? personalOrganisation : account)
    }),
  )
})
afterEach(() => vi.unstubAllGlobals())

async function openProfile() {
  const service = createAuthService(() => {})
  const router = createRouter({ routeTree, context: { auth: { load: async () => service } }, history: createMemoryHistory({ initialEntries: ['/account/profile'] }) })
  render(
    <MantineProvider theme={theme} env="test">
      <RouterProvider router={router} />
    </MantineProvider>,
  )
  // The account and the organisation, then the profile: each call's token from the cache.
  await msal.answer(CacheLookupPolicy.AccessToken, { token: 'token-for-the-account' })
  await msal.answer(CacheLookupPolicy.AccessToken, { token: 'token-for-the-organisation' })
  await msal.answer(CacheLookupPolicy.AccessToken, { token: 'token-for-the-profile' })
  expect(await screen.findByLabelText('Company')).toHaveProperty('value', 'Contoso')
}

const updateProfile = () => screen.getByRole('button', { name: 'Update Profile' })

/** The person logs out from the user menu; MSAL goes on to the provider (the page is leaving). */
async function logOut() {
  fireEvent.click(screen.getByRole('button', { name: 'Account menu for Cara Commercial' }))
  fireEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }))
  await waitFor(() => expect(msal.logoutRedirect).toHaveBeenCalledTimes(1))
}

/** How each silent state asks MSAL for the token. */
const policyOf: Partial<Record<string, CacheLookupPolicy>> = {
  fromCache: CacheLookupPolicy.AccessToken,
  byRefreshToken: CacheLookupPolicy.RefreshToken,
  byHiddenFrame: CacheLookupPolicy.Skip,
}

/** What the fake MSAL and the API were asked in each state of the token flow behind 'Update Profile'. */
async function expectCalls(value: string, token: string | null) {
  const puts = () => requests.filter((request) => request.method === 'PUT')
  // Nothing is sent before a token is had; once it is, the profile goes out with it.
  expect(puts()).toEqual(value === 'acquired' ? [{ method: 'PUT', path: '/api/account/', authorization: `Bearer ${token}` }] : [])
  // The branch is the test: only the states that ask MSAL silently have a request to check.
  if (value in policyOf) {
    const request = await msal.silentCall(policyOf[value]!)
    expect(request).toMatchObject({ scopes: [writeScope], account: { homeAccountId: 'cara.home' } })
    // The hidden frame lands on the small bridge page, not on the app.
    if (value === 'byHiddenFrame') expect(request.redirectUri).toBe('http://localhost:3000/auth/redirect.html')
  }
  // Only the user can help: the sign-in flow sends them to sign in again, coming back here.
  if (value === 'redirecting') expect(msal.acquireTokenRedirect).toHaveBeenCalledWith(expect.objectContaining({ scopes: [writeScope] }))
  else if (value !== 'signingInAgain') expect(msal.acquireTokenRedirect).not.toHaveBeenCalled()
}

describe('the token flow behind Update Profile (component paths of the token machine, fake MSAL)', () => {
  it("reads the fake MSAL's errors as the model's failures", () => {
    const failures = tokenModel.events.flatMap((event) => ('error' in event && typeof event.error === 'object' && event.error && 'errorCode' in event.error ? [event.error as AuthFailure] : []))
    expect(failures.length).toBeGreaterThan(0)
    for (const failure of failures) expect(toAuthFailure(msalErrorFor(failure))).toEqual(failure)
  })

  const signedIn = (path: { input?: { account: unknown } }) => path.input?.account !== null
  walkPaths(planPaths(tokenModel).paths, {
    table: tokenViewTable,
    oracle: tokenOracle,
    refuse: tokenModel.events,
    // The page's call behind 'Update Profile' asks for a write token.
    input: (path) => ({ ...path.input, scopes: [writeScope] }),
    // The real sign-in flow answers a sign-in again at once: nothing here holds the page's actor there.
    passesThrough: ['tokenAcquisition.signingInAgain'],
    title: (path) => `${signedIn(path) ? 'signed in' : 'signed out in another tab'}: ${describePath(path.steps)}`,
    start: async (path) => {
      msal = fakeMsal([caraInMsal])
      await openProfile()
      // The page stays until it leaves for '/' (the tests' DOM does not move window.location); the next call finds no account.
      if (!signedIn(path)) msal.signOutInAnotherTab()
      fireEvent.change(screen.getByLabelText('Company'), { target: { value: 'Fabrikam' } })
      return { token: null as string | null }
    },
    step: async (stepEvent, world, { index, path, state: snapshot }) => {
      const event = stepEvent as { type: string; output?: string; error?: AuthFailure }
      // A sign-in again fails while another interaction runs: here, the sign-out the person started.
      if (path.steps[index + 1]?.event.type === 'xstate.error.actor.signInAgain') await logOut()
      if (event.type === 'xstate.init') fireEvent.click(updateProfile())
      const [, outcome, actor] = /^xstate\.(done|error)\.actor\.(tokenFromCache|tokenByRefreshToken|tokenByHiddenFrame)$/.exec(event.type) ?? []
      const state = { tokenFromCache: 'fromCache', tokenByRefreshToken: 'byRefreshToken', tokenByHiddenFrame: 'byHiddenFrame' }[actor ?? '']
      if (state) await msal.answer(policyOf[state]!, outcome === 'done' ? { token: event.output! } : { failure: event.error! })
      if (outcome === 'done') world.token = event.output!
      // Saving reads back what was stored: that call's token comes from the cache.
      if (String((snapshot as SnapshotFrom<typeof tokenMachine>).value) === 'acquired') await msal.answer(CacheLookupPolicy.AccessToken, { token: 'token-for-the-reading' })
    },
    check: ({ token }, _, snapshot) => expectCalls(String((snapshot as SnapshotFrom<typeof tokenMachine>).value), token),
  })
})
