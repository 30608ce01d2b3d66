// @vitest-environment happy-dom
import { act, screen, waitFor } from '@testing-library/react'
import { RouterProvider, createMemoryHistory, createRouter } from '@tanstack/react-router'
import { MantineProvider } from '@mantine/core'
import { render } from '@testing-library/react'
import { createActor, fromCallback, fromPromise, waitFor as waitForActor, type ActorRefFrom, type EventObject } from 'xstate'
import { describe, expect, it, vi } from 'vitest'
import { authMachine, type LoginInput, type StartupOutput } from '@/machines/auth.machine'
import type { SignedInAccount } from '@/machines/auth.types'
import type { AuthService } from '@/src/auth/auth-service'
import { routeTree } from '@/src/routeTree.gen'
import { theme } from '@/src/ui/theme'
import { authModel, cara } from '@/testkit/flows/auth/auth.model'
import { coveringPaths, describePath, planPaths } from '@/testkit/model/paths'
import { inspectAt } from '@/testkit/model/recorder'
import { expectRefusalsChangeNothing, idleActors } from '@/tests/support/run-paths'
import { expectView } from '@/tests/support/view-table'
import { expectOracleAgrees } from '@/tests/support/oracle-check'
import { authOracle } from '@/testkit/flows/auth/auth.oracle'
import { authViewTable } from '@/testkit/flows/auth/auth.view-table'

/** The sign-in flow over fake MSAL actors, as the account route's guard sees it. */
function fakeAuth(startup: Promise<StartupOutput>) {
  const login = vi.fn((_input: LoginInput) => new Promise<null>(() => {}))
  const actor = createActor(
    authMachine.provide({
      actors: { msalEvents: fromCallback(() => {}), pageVisibility: fromCallback(() => {}), startup: fromPromise(() => startup), login: fromPromise(({ input }) => login(input)) },
    }),
    { inspect: inspectAt('component') },
  ).start()
  return { service: serviceOver(actor), login }
}

/** The auth service the account route uses, over a running auth machine; tokens never arrive. */
function serviceOver(actor: ActorRefFrom<typeof authMachine>) {
  return {
    actor,
    ready: () => waitForActor(actor, (snapshot) => !snapshot.matches('startup')),
    signIn: (returnPath: string) => actor.send({ type: 'login.request', interactionType: 'redirect', returnPath }),
    signOut: vi.fn(),
    accessToken: vi.fn(() => new Promise<string>(() => {})),
  } as unknown as AuthService
}

function renderAt(path: string, service: AuthService) {
  const router = createRouter({ routeTree, context: { auth: { load: async () => service } }, history: createMemoryHistory({ initialEntries: [path] }) })
  render(
    <MantineProvider theme={theme} env="test">
      <RouterProvider router={router} />
    </MantineProvider>,
  )
  return router
}

describe('the account area’s sign-in guard (component level, auth machine with fake actors)', () => {
  it("shows 'Loading, please wait...' while MSAL starts [S2.account.loading]", async () => {
    const { service } = fakeAuth(new Promise(() => {}))
    renderAt('/account', service)
    expect(await screen.findByText('Loading, please wait...')).toBeTruthy()
  })

  it('sends a signed-out person to sign in, returning to the page first asked for [S2.account.sign-in S6.visitor]', async () => {
    const { service, login } = fakeAuth(Promise.resolve({ activeAccount: null, accounts: [], returnedPolicy: null }))
    renderAt('/account/profile?tab=1', service)
    await waitFor(() => expect(login).toHaveBeenCalledWith({ interactionType: 'redirect', policy: 'signUpSignIn', returnPath: '/account/profile?tab=1' }))
    expect(screen.getByText('Loading, please wait...')).toBeTruthy()
    expect(service.actor.getSnapshot().value).toBe('login')
  })

  it('lets a signed-in person in: the account starts loading', async () => {
    const { service, login } = fakeAuth(Promise.resolve({ activeAccount: { ...cara, idTokenClaims: { emails: ['commercial@example.com'], oid: 'oid-cara' } }, accounts: [cara], returnedPolicy: null }))
    renderAt('/account', service)
    await waitFor(() => expect(service.accessToken).toHaveBeenCalledWith('write'))
    expect(login).not.toHaveBeenCalled()
  })
})

/** Who is signed in once MSAL has started, by the active-account rules of spec section 4, from the events the test sent. */
function signedInOnceStarted(sent: readonly EventObject[]) {
  let account: SignedInAccount | null = null
  for (const event of sent as (EventObject & { account?: SignedInAccount; output?: StartupOutput })[]) {
    // A sign-in reported for someone else, or a sign-out in another tab: nobody is signed in.
    if (event.type === 'msal.login.success' && account && account.homeAccountId !== event.account!.homeAccountId) return false
    if (event.type === 'msal.logout.success') return false
    if (event.type === 'msal.login.success' || event.type === 'msal.acquireToken.success') account = event.account!
    // Back from a password reset, MSAL starts by signing in again; otherwise the active account, else the first.
    if (event.type === 'xstate.done.actor.startup') return (event.output!.returnedPolicy === 'passwordReset' ? account : (event.output!.activeAccount ?? event.output!.accounts[0] ?? null)) !== null
    if (event.type === 'xstate.error.actor.startup') return account !== null
  }
  return null // still starting
}

/**
 * Every state the generated paths reach, as a person who opened /account meets it: the account
 * area is opened while MSAL starts, then the path's events are replayed on the auth machine (fake
 * MSAL actors). The guard decides once MSAL has started: sign in (here only recorded, as the
 * browser would leave) or let the account load.
 */
describe('the sign-in guard in every state of the auth machine (component paths)', () => {
  // Paths that end in every state, signed in or not, and paths that together take every transition.
  const endOf = ({ state }: (typeof paths)[number]) => JSON.stringify([state.value, Boolean(state.context.activeAccount)])
  const { paths } = planPaths(authModel)
  const ends = new Map(paths.map((path) => [endOf(path), path]))
  for (const path of new Set([...ends.values(), ...coveringPaths(authModel.machine, paths)])) {
    it(`after ${describePath(path.steps)} [S4.auth.states]`, async () => {
      // Signed out elsewhere, the page leaves the account area for a fresh page at '/' (the app replaces the location).
      const page: { router?: ReturnType<typeof renderAt> } = {}
      const leaveAccountArea = vi.fn(() => void page.router?.navigate({ to: '/' }))
      const actor = createActor(authMachine.provide({ actors: idleActors(authModel.actors), actions: { leaveAccountArea } } as never), { inspect: inspectAt('component') }).start()
      const service = { ...serviceOver(actor), signIn: vi.fn() } as AuthService
      page.router = renderAt('/account', service)
      const sent: EventObject[] = []
      let decided = false
      for (const { event } of path.steps) {
        if ((event as EventObject).type !== 'xstate.init') act(() => actor.send(event as never))
        sent.push(event)
        // Once MSAL has started the guard decides, once: the account loads (its write token is asked for), or sign-in starts.
        const signedIn = signedInOnceStarted(sent)
        // The branch is the test: the step at which MSAL has started is the one where the guard must have decided.
        if (signedIn !== null && !decided) {
          decided = true
          // Which way it decides is the test: signed in or not.
          if (signedIn) await waitFor(() => expect(service.accessToken).toHaveBeenCalledWith('write'))
          else await waitFor(() => expect(service.signIn).toHaveBeenCalledWith('/account'))
        }
        // The page's own actor, not the planner's snapshot of the step (one per state the model tells apart, whatever request it holds), after every step, a sign-out's included.
        const expected = expectOracleAgrees(authOracle, undefined, sent, actor.getSnapshot(), 'component')
        // The branch is the test: once it has left, the page is the home page (the account area and its table are gone), else the account area shows the state's row.
        if (leaveAccountArea.mock.calls.length) expect(await screen.findByRole('heading', { level: 1, name: 'Empower Your XAML Applications' })).toBeTruthy()
        else await expectView(authViewTable, expected, sent)
        await expectRefusalsChangeNothing(actor, authOracle, undefined, sent, authModel.events, document.body)
      }
      // Signed out once started, sign-in starts by redirect, coming back to /account, once; signed in, it never does.
      const signedIn = signedInOnceStarted(sent)
      expect(service.signIn).toHaveBeenCalledTimes(signedIn === false ? 1 : 0)
      // The branch is the test: a person not signed in once MSAL started gets no token (a signed-in one's was checked above).
      if (signedIn !== true) expect(service.accessToken).not.toHaveBeenCalled()
      actor.stop()
    })
  }
})
