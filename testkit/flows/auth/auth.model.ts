/** Model of the auth machine for generated paths: tests, the path catalogue and coverage. */
import { authMachine, type StartupOutput } from '@/machines/auth.machine'
import type { AuthFailure, SignedInAccount } from '@/machines/auth.types'
import { actorEvents, type ActorFixtures, type PathPlan } from '@/testkit/model/paths'
import { leavesAccountArea, madeActive, returnsTo } from './auth.oracle'

export const cara: SignedInAccount = { homeAccountId: 'cara.home', localAccountId: 'cara', username: '', name: 'Cara Commercial' }
export const paula: SignedInAccount = { homeAccountId: 'paula.home', localAccountId: 'paula', username: '', name: 'Paula Plus' }
const failure = (errorCode: string, errorMessage: string): AuthFailure => ({ errorCode, errorMessage, interactionRequired: false, refreshTokenUnusable: false })
export const forgotPassword = failure('access_denied', 'AADB2C90118: The user has forgotten their password.')
export const popupClosed = failure('user_cancelled', 'User cancelled the flow.')
export const startup = (output: Partial<StartupOutput>): StartupOutput => ({ activeAccount: null, accounts: [], returnedPolicy: null, ...output })

const fixtures: ActorFixtures<typeof authMachine> = {
  msalEvents: { done: [], error: [] },
  startup: {
    done: [
      startup({}),
      startup({ accounts: [cara, paula] }),
      startup({ activeAccount: paula, accounts: [cara, paula], returnPath: '/account/profile' }),
      startup({ returnedPolicy: 'passwordReset', accounts: [cara] }),
    ],
    error: [forgotPassword, popupClosed],
  },
  login: { done: [null, cara], error: [popupClosed] },
  ssoSilent: { done: [paula], error: [failure('login_required', 'Sign-in is required.')] },
  acquireTokenInteractive: { done: [null, cara], error: [popupClosed] },
  logout: { done: [], error: [failure('network_error', 'The network is down.')] },
  pageVisibility: { done: [], error: [] },
  checkSession: { done: ['active', 'signedOut'], error: [failure('network_error', 'The network is down.')] },
}

const scopes = ['accounts.read']

const events = [
  { type: 'msal.handleRedirect.start' },
  { type: 'msal.handleRedirect.end' },
  { type: 'msal.login.success', account: cara },
  { type: 'msal.acquireToken.success', interaction: 'silent', account: paula },
  { type: 'msal.acquireToken.failure', interaction: 'redirect', failure: popupClosed },
  { type: 'msal.acquireToken.failure', interaction: 'silent', failure: popupClosed },
  { type: 'msal.logout.success' },
  { type: 'msal.logout.end' },
  { type: 'page.visible' },
  { type: 'login.request', interactionType: 'redirect', returnPath: '/account/profile' },
  { type: 'login.request', interactionType: 'telepathy' },
  { type: 'token.request', interactionType: 'silent', scopes },
  { type: 'token.request', interactionType: 'redirect', scopes },
  { type: 'token.request', interactionType: 'carrier-pigeon', scopes },
  { type: 'logout.request' },
  { type: 'error.dismiss' },
  ...actorEvents(fixtures),
] as const

/** The sign-in flow's model: the events MSAL and the app send, and every actor's outcomes. */
export const authModel: PathPlan<typeof authMachine> = {
  name: 'auth',
  machine: authMachine,
  actors: Object.keys(fixtures),
  // The app leaves for '/' with a fresh page, goes back to the page asked for, or tells MSAL the active account, on these actions.
  effects: {
    actions: {
      leaveAccountArea: () => leavesAccountArea,
      returnToRequestedPage: (params: { returnPath?: string }) => returnsTo(params.returnPath),
      storeActiveAccount: (params: { account: SignedInAccount | null }) => madeActive(params.account),
    },
  },
  events,
  serialize: (snapshot) => ({ value: snapshot.value, account: snapshot.context.activeAccount?.localAccountId, error: snapshot.context.error, login: snapshot.context.pendingLogin?.policy }),
}
