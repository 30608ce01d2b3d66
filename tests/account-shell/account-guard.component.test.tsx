// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react'
import { RouterProvider, createMemoryHistory, createRouter } from '@tanstack/react-router'
import { MantineProvider } from '@mantine/core'
import { render } from '@testing-library/react'
import { createActor, fromCallback, fromPromise, waitFor as waitForActor, type ActorRefFrom } from 'xstate'
import { describe, expect, it, vi } from 'vitest'
import { authMachine, type LoginInput, type StartupOutput } from '../../machines/auth.machine'
import type { AuthService } from '../../src/auth/auth-service'
import { routeTree } from '../../src/routeTree.gen'
import { theme } from '../../src/ui/theme'
import { authModel, cara } from '../machines/auth.model'
import { coveringPaths, describePath, planPaths } from '../model/paths'
import { inspectAt } from '../model/recorder'
import { idleActors } from '../model/run'

/** The sign-in flow over fake MSAL actors, as the account route's guard sees it. */
function fakeAuth(startup: Promise<StartupOutput>) {
  const login = vi.fn((_input: LoginInput) => new Promise<null>(() => {}))
  const actor = createActor(authMachine.provide({ actors: { msalEvents: fromCallback(() => {}), pageVisibility: fromCallback(() => {}), startup: fromPromise(() => startup), login: fromPromise(({ input }) => login(input)) } }), { inspect: inspectAt('component') }).start()
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
  it("shows 'Loading, please wait...' while MSAL starts", async () => {
    const { service } = fakeAuth(new Promise(() => {}))
    renderAt('/account', service)
    expect(await screen.findByText('Loading, please wait...')).toBeTruthy()
  })

  it('sends a signed-out person to sign in, returning to the page first asked for', async () => {
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

/**
 * Every state the generated paths reach, as the guard meets it on opening /account: the path's
 * events are replayed on the auth machine (fake MSAL actors), then the account area is opened.
 */
describe('the sign-in guard in every state of the auth machine (component paths)', () => {
  // The guard sees only where a path ends, its state and whether someone is signed in: one path each.
  const endOf = ({ state }: (typeof paths)[number]) => JSON.stringify([state.value, Boolean(state.context.activeAccount)])
  const { paths } = planPaths(authModel)
  const ends = new Map(paths.map((path) => [endOf(path), path]))
  // And paths that together take every transition, so that the guard meets the machine after each.
  for (const path of new Set([...ends.values(), ...coveringPaths(authModel.machine, paths)])) {
    it(`after ${describePath(path.steps)}`, async () => {
      const login = vi.fn(() => new Promise<null>(() => {}))
      const actor = createActor(authMachine.provide({ actors: { ...idleActors(authModel.actors), login: fromPromise(() => login()) } } as never), { inspect: inspectAt('component') }).start()
      for (const { event } of path.steps) if ((event as { type: string }).type !== 'xstate.init') actor.send(event as never)
      const snapshot = actor.getSnapshot()
      login.mockClear() // only what the guard starts counts
      const service = serviceOver(actor)
      renderAt('/account', service)
      // Whatever MSAL is doing, the person waits; nothing of the account shows before it is known.
      expect(await screen.findByText('Loading, please wait...')).toBeTruthy()
      if (snapshot.matches('none') && snapshot.context.activeAccount) {
        await waitFor(() => expect(service.accessToken).toHaveBeenCalledWith('write'))
        expect(login).not.toHaveBeenCalled()
      } else if (snapshot.matches('none')) {
        // Signed out and idle: sign-in starts by redirect, coming back to /account.
        await waitFor(() => expect(login).toHaveBeenCalledTimes(1))
        expect(actor.getSnapshot().value).toBe('login')
      } else {
        // Busy (starting, signing in, renewing, signing out): the guard starts no second sign-in.
        await new Promise((resolve) => setTimeout(resolve, 20))
        expect(login).not.toHaveBeenCalled()
        expect(service.accessToken).not.toHaveBeenCalled()
      }
      actor.stop()
    })
  }
})
