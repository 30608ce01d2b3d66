import { expect, type Page } from '@playwright/test'
import type { authMachine, StartupOutput } from '@/machines/auth.machine'
import { authModel } from '@/testkit/flows/auth/auth.model'
import { demo } from '../support/accounts'
import { machineSnapshot, reachMachine, sendToMachine } from '../support/app-machine'
import { routeApi } from '../support/api-routes'
import { callOf, type Tour, type TourStep } from '../support/machine-tour'
import { signedInState } from '../support/signed-in'
import { frameRefused, hiddenFrame, redirectsStay, tokenEndpoint } from './identity-provider'

/**
 * The app's requests to the sign-in flow, sent to the page's auth actor as the app would: while the
 * account loads, no page of it sends them (e2e/sign-in-requests.spec.ts follows each to its end).
 */
const sentByTheApp = ['login.request', 'token.request', 'logout.request']
/**
 * The answers a browser gives here, each held or brought about as the path says: MSAL's start (from
 * the storage the page opens with), a silent sign-in's hidden frame, and a sign-in by redirect, which
 * leaves the page and so never answers.
 */
const answerable: Record<string, (event: { type: string; output?: unknown }) => boolean> = {
  'xstate.done.actor.startup': ({ output }) => (output as StartupOutput).returnedPolicy === null,
  'xstate.done.actor.login': ({ output }) => output === null,
  'xstate.done.actor.acquireTokenInteractive': ({ output }) => output === null,
  'xstate.done.actor.ssoSilent': () => true,
  'xstate.error.actor.ssoSilent': () => true,
}

/** What MSAL found at startup, by the path's first answer. */
const startedWith = (steps: TourStep[]) => (steps.find((step) => step.event.type === 'xstate.done.actor.startup')?.event as { output?: StartupOutput } | undefined)?.output
/** Someone is signed in once MSAL has started (the first account becomes active). */
const signedIn = (output: StartupOutput | undefined) => Boolean(output && (output.activeAccount ?? output.accounts[0]))

/**
 * The account area's part of the page, while the account has not loaded: the session's own request
 * for it is held and never answered, so every state of sign-in shows what its view table says (the
 * account area waits). A sign-in or sign-out by redirect gets 204 from the provider, so
 * the page stays where it is, in that state, and no session at the provider ends.
 */
async function holdThePage(page: Page): Promise<() => boolean> {
  let asked = false
  await routeApi(page, `/api${callOf('login').path as string}`, () => {
    asked = true
    return new Promise(() => {})
  })
  await redirectsStay(page)
  return () => asked
}

/**
 * Sign-in's interaction states as MSAL runs them on the account area: started signed in, a silent
 * sign-in in a hidden frame, a token asked for by redirect, logging out. MSAL's own events (a redirect's answer read, another tab's sign-in or sign-out) and the
 * failures MSAL reports are the sign-in specs' (e2e/sign-in.spec.ts, e2e/sign-in-requests.spec.ts,
 * e2e/sessions.spec.ts), which follow each to its end.
 */
export const authTour: Tour<typeof authMachine> = {
  plan: authModel,
  actors: {
    // MSAL's start reads the storage the page opens with: no request.
    startup: { calls: [] },
    // By redirect: the page leaves (here it gets 204), and no account comes back.
    login: { calls: [] },
    acquireTokenInteractive: { calls: [] },
    // The frame brings a code back, which the page redeems at the token endpoint.
    ssoSilent: { calls: [hiddenFrame(), tokenEndpoint('authorization_code')], passThrough: true, refuse: (route) => frameRefused(route, 'login_required') },
  },
  // MSAL has started, signed in, before the page can send anything (signed out, the account area asks to sign in at once, by
  // itself); then requests of the interaction types the app uses.
  walkable: (steps) =>
    steps[1]?.event.type === 'xstate.done.actor.startup' &&
    signedIn(startedWith(steps)) &&
    steps.every(({ event }, index) => {
      if (index === 0) return true
      if (sentByTheApp.includes(event.type)) return ['redirect', 'silent', undefined].includes((event as { interactionType?: string }).interactionType)
      return answerable[event.type]?.(event) ?? false
    }),
  notHeldAtEnd: 'MSAL runs in the page and answers its own requests (a silent token, a hidden frame): at a path’s end the machine may move on by itself',
  passing: (step) => (JSON.stringify(step.state.value) === '{"startup":"initializing"}' ? 'MSAL starts from the storage the page opened with, with no request' : undefined),
  open: async (page) => {
    const context = page.context()
    await reachMachine(context, 'auth')
    const sessionAsked = await holdThePage(page)
    // Each path starts signed in as a demo developer: a sign-out on an earlier path emptied the storage.
    await context.setStorageState(await signedInState(context.browser()!, demo.dev1))
    await page.goto('/account/profile')
    await expect(page.getByText('Loading, please wait...')).toBeVisible()
    // The account area has asked for its session (held): a path's request sent before that raced the
    // session's own start, and a sign-out then left it nothing to wait for (no Loading).
    await expect.poll(sessionAsked, 'the account area asked for its session').toBe(true)
  },
  perform: async (page, event) => {
    if (sentByTheApp.includes(event.type)) return sendToMachine(page, 'auth', event)
    throw new Error(`No browser action for ${JSON.stringify(event)}`)
  },
  // Whatever the state, the account area waits for the account: the view table's row says so.
  expectShown: async (page, step) => {
    await expect(page.getByText('Loading, please wait...')).toBeVisible()
    // The router's pending page says so too, before MSAL has started: only the page's actor tells the
    // states apart, and the path's next request must find it in this one, not still starting.
    await expect.poll(async () => (await machineSnapshot(page, 'auth')).value, 'the page’s auth machine').toEqual(step.state.value)
  },
}
