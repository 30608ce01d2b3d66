/** What the account area shows in each state of the auth machine, written from spec section 2. */
import type { StateView, ViewTable } from '@/testkit/views/view-table'

/**
 * Sign-in has no screen of its own: while MSAL starts, signs in, renews or signs out, and while the
 * account loads after it, the account area shows only 'Loading, please wait...'; nothing of an
 * account shows before it is known, and sign-in errors are not shown (spec section 8).
 */
const waiting: StateView = {
  shows: ['Loading, please wait...'],
  hides: ['My Licenses', 'Profile', 'Manage Licenses'],
  absent: ['Account menu for Cara Commercial'],
  alerts: [],
  dialogs: [],
  sameScreen: 'MSAL works out of sight (starting, signing in or out, renewing) and the account has not loaded yet: the page waits alike in each',
}

export const authViewTable: ViewTable = {
  'auth.startup.initializing': waiting,
  'auth.startup.handleRedirect': waiting,
  'auth.none': waiting,
  'auth.checkingSession': waiting,
  'auth.signedOut': waiting,
  'auth.login': waiting,
  'auth.ssoSilent': waiting,
  'auth.acquireToken': waiting,
  'auth.logout': waiting,
}
