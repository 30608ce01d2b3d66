import { assign, setup } from 'xstate'
import { interactionTypes, signInErrors, type AuthFailure, type InteractionType, type Policy, type SignedInAccount } from './auth.types'
import { notProvided, notProvidedCallback } from './not-provided'
import { messageOf } from './error-message'

/** What MSAL reports through its event callback, translated by the msalEvents actor. */
export type MsalEvent =
  | { type: 'msal.handleRedirect.start' }
  | { type: 'msal.handleRedirect.end' }
  | { type: 'msal.acquireToken.start'; interaction: InteractionType }
  | { type: 'msal.acquireToken.success'; interaction: InteractionType; account: SignedInAccount }
  | { type: 'msal.acquireToken.failure'; interaction: InteractionType; failure: AuthFailure }
  | { type: 'msal.login.success'; account: SignedInAccount }
  | { type: 'msal.logout.start' }
  /** MSAL cleared the account's cache for a sign-out: this tab's own, or another tab's (MSAL tells every tab). */
  | { type: 'msal.logout.success' }
  | { type: 'msal.logout.end' }

/** The page came back to the foreground (the browser's visibilitychange) in the account area. */
export type PageEvent = { type: 'page.visible' }

/** What a silent look at the session found: a token could be had, or the account has left the cache. */
export type SessionCheck = 'active' | 'signedOut'

/** What the app asks of the sign-in flow. The interaction type is checked, so it is a string. */
export type AuthRequest =
  | { type: 'login.request'; interactionType: string; policy?: Policy; returnPath?: string }
  | { type: 'token.request'; interactionType: string; scopes: string[]; returnPath?: string }
  | { type: 'logout.request' }
  | { type: 'error.dismiss' }

export type AuthEvent = MsalEvent | PageEvent | AuthRequest

export interface LoginInput {
  interactionType: InteractionType
  policy: Policy
  returnPath?: string
}

export interface StartupOutput {
  activeAccount: SignedInAccount | null
  accounts: SignedInAccount[]
  /** The policy of the sign-in that just returned by redirect, if any. */
  returnedPolicy: Policy | null
  returnPath?: string
}

interface AuthContext {
  activeAccount: SignedInAccount | null
  pendingLogin: LoginInput | null
  pendingToken: { interactionType: InteractionType; scopes: string[]; returnPath?: string } | null
  error: string | null
}

const isInteractionType = (value: string): value is InteractionType => interactionTypes.includes(value)

/**
 * The sign-in flow: MSAL's interaction states (spec section 4). Interactive calls start only
 * from `none`; the active account follows successful sign-ins and token acquisitions.
 */
export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
  },
  actors: {
    msalEvents: notProvidedCallback<MsalEvent>('msalEvents'),
    startup: notProvided<StartupOutput>('startup'),
    login: notProvided<SignedInAccount | null, LoginInput>('login'),
    ssoSilent: notProvided<SignedInAccount, void>('ssoSilent'),
    acquireTokenInteractive: notProvided<SignedInAccount | null, { interactionType: InteractionType; scopes: string[]; returnPath?: string }>('acquireTokenInteractive'),
    logout: notProvided<void, { account: SignedInAccount | null }>('logout'),
    /** Reports the page coming back to the foreground while it shows the account area. */
    pageVisibility: notProvidedCallback<PageEvent>('pageVisibility'),
    /**
     * Gets a read token silently, as an API call would; when only the user can help, the token
     * flow asks for an interactive token (`token.request`), which leaves to sign in again.
     */
    checkSession: notProvided<SessionCheck, { account: SignedInAccount }>('checkSession'),
  },
  actions: {
    /** Tells MSAL which account is active; the app provides it. */
    storeActiveAccount: (_, _params: { account: SignedInAccount | null }) => {},
    /** Hands over to the page the user first asked for, after a sign-in by redirect. */
    returnToRequestedPage: (_, _params: { returnPath?: string }) => {},
    /** Leaves the account area for the site root with a fresh page, as after logging out; the app provides it. */
    leaveAccountArea: () => {},
    /** Nothing of the previous account stays in memory. */
    forgetAccount: assign({ activeAccount: null, pendingLogin: null, pendingToken: null, error: null }),
    activateAccount: assign({ activeAccount: (_, params: { account: SignedInAccount }) => params.account, error: null }),
    recordFailure: assign({ error: (_, params: { message: string }) => params.message }),
    rejectInteractionInProgress: assign({ error: signInErrors.interactionInProgress }),
    rejectInvalidInteractionType: assign({ error: signInErrors.invalidInteractionType }),
    dismissError: assign({ error: null }),
    restoreActiveAccount: assign({
      // At startup, with no active account but some accounts, the first becomes active.
      activeAccount: (_, params: { output: StartupOutput }) => params.output.activeAccount ?? params.output.accounts[0] ?? null,
    }),
    planSignInAfterReset: assign({
      pendingLogin: (_, params: { returnPath?: string }): LoginInput => ({ interactionType: 'redirect', policy: 'signUpSignIn', returnPath: params.returnPath }),
    }),
    planPasswordReset: assign({ pendingLogin: { interactionType: 'redirect', policy: 'passwordReset' } satisfies LoginInput }),
    rememberLoginRequest: assign({ pendingLogin: (_, params: LoginInput) => params, error: null }),
    rememberTokenRequest: assign({ pendingToken: (_, params: { interactionType: InteractionType; scopes: string[]; returnPath?: string }) => params }),
  },
  guards: {
    isKnownInteractionType: (_, params: { interactionType: string }) => isInteractionType(params.interactionType),
    isSilent: (_, params: { interactionType: string }) => params.interactionType === 'silent',
    isInteractiveRequest: (_, params: { interactionType: string }) => isInteractionType(params.interactionType) && params.interactionType !== 'silent',
    hasAccount: (_, params: { account: SignedInAccount | null }) => params.account !== null,
    isInteractive: (_, params: { interaction: InteractionType }) => params.interaction !== 'silent',
    /** B2C answers 'Forgot your password?' with the error AADB2C90118. */
    isForgotPassword: (_, params: { error: unknown }) => String((params.error as AuthFailure | null)?.errorMessage).includes('AADB2C90118'),
    returnedFromPasswordReset: (_, params: { output: StartupOutput }) => params.output.returnedPolicy === 'passwordReset',
    isSignedIn: ({ context }) => context.activeAccount !== null,
    /** A sign-in reported (by another tab) for someone other than the person this tab shows. */
    isAnotherPerson: ({ context }, params: { account: SignedInAccount }) => context.activeAccount !== null && context.activeAccount.homeAccountId !== params.account.homeAccountId,
    accountLeftCache: (_, params: { check: SessionCheck }) => params.check === 'signedOut',
  },
}).createMachine({
  id: 'auth',
  context: { activeAccount: null, pendingLogin: null, pendingToken: null, error: null },
  invoke: [
    { id: 'msalEvents', src: 'msalEvents' },
    { id: 'pageVisibility', src: 'pageVisibility' },
  ],
  on: {
    // After a successful sign-in or token acquisition, the event's account becomes active.
    'msal.login.success': [
      // Another tab signed in someone else: this tab must not go on showing one person with another's tokens.
      { guard: { type: 'isAnotherPerson', params: ({ event }) => ({ account: event.account }) }, target: '.signedOut' },
      {
        actions: [
          { type: 'activateAccount', params: ({ event }) => ({ account: event.account }) },
          { type: 'storeActiveAccount', params: ({ event }) => ({ account: event.account }) },
        ],
      },
    ],
    // Another tab signed out (this tab's own sign-out is handled in `logout`).
    'msal.logout.success': '.signedOut',
    'msal.acquireToken.success': {
      actions: [
        { type: 'activateAccount', params: ({ event }) => ({ account: event.account }) },
        { type: 'storeActiveAccount', params: ({ event }) => ({ account: event.account }) },
      ],
    },
    'login.request': { actions: 'rejectInteractionInProgress' },
    'token.request': { actions: 'rejectInteractionInProgress' },
    'logout.request': { actions: 'rejectInteractionInProgress' },
    'error.dismiss': { actions: 'dismissError' },
  },
  initial: 'startup',
  states: {
    startup: {
      description: 'MSAL initializes and reads any sign-in answer in the address.',
      meta: { requirements: ['S4.auth.states', 'S4.auth.first-account'] },
      invoke: {
        id: 'startup',
        src: 'startup',
        onDone: [
          {
            guard: { type: 'returnedFromPasswordReset', params: ({ event }) => ({ output: event.output }) },
            target: 'login',
            actions: { type: 'planSignInAfterReset', params: ({ event }) => ({ returnPath: event.output.returnPath }) },
          },
          {
            target: 'none',
            actions: [
              { type: 'restoreActiveAccount', params: ({ event }) => ({ output: event.output }) },
              { type: 'storeActiveAccount', params: ({ context }) => ({ account: context.activeAccount }) },
              { type: 'returnToRequestedPage', params: ({ event }) => ({ returnPath: event.output.returnPath }) },
            ],
          },
        ],
        onError: [
          {
            guard: { type: 'isForgotPassword', params: ({ event }) => ({ error: event.error }) },
            target: 'login',
            actions: 'planPasswordReset',
          },
          { target: 'none', actions: { type: 'recordFailure', params: ({ event }) => ({ message: describe(event.error) }) } },
        ],
      },
      initial: 'initializing',
      states: {
        initializing: { description: "The account area shows 'Loading, please wait...'.", meta: { requirements: ['S2.account.loading'] }, on: { 'msal.handleRedirect.start': 'handleRedirect' } },
        handleRedirect: {
          description: 'MSAL processes the answer of a sign-in by redirect.',
          meta: { requirements: ['S4.auth.states', 'S2.account.sign-in'] },
          on: { 'msal.handleRedirect.end': 'initializing' },
        },
      },
    },
    none: {
      description: 'No interaction in progress: signed in or not, the app may start one.',
      meta: { requirements: ['S4.auth.states', 'S8.sign-in'] },
      on: {
        'login.request': [
          {
            guard: { type: 'isKnownInteractionType', params: ({ event }) => event },
            target: 'login',
            actions: {
              type: 'rememberLoginRequest',
              params: ({ event }) => ({ interactionType: event.interactionType as InteractionType, policy: event.policy ?? 'signUpSignIn', returnPath: event.returnPath }),
            },
          },
          { actions: 'rejectInvalidInteractionType' },
        ],
        'token.request': [
          { guard: { type: 'isSilent', params: ({ event }) => event }, target: 'ssoSilent' },
          {
            guard: { type: 'isKnownInteractionType', params: ({ event }) => event },
            target: 'acquireToken',
            actions: {
              type: 'rememberTokenRequest',
              params: ({ event }) => ({ interactionType: event.interactionType as InteractionType, scopes: event.scopes, returnPath: event.returnPath }),
            },
          },
          { actions: 'rejectInvalidInteractionType' },
        ],
        'logout.request': 'logout',
        'page.visible': { guard: 'isSignedIn', target: 'checkingSession' },
      },
    },
    checkingSession: {
      description: 'Back in the foreground: the page stays as it is while a read token is had silently (cache, refresh token, hidden frame).',
      invoke: {
        id: 'checkSession',
        src: 'checkSession',
        input: ({ context }) => ({ account: context.activeAccount! }),
        onDone: [{ guard: { type: 'accountLeftCache', params: ({ event }) => ({ check: event.output }) }, target: 'signedOut' }, { target: 'none' }],
        // A failure that the user cannot help with (the network) is for the next API call to report.
        onError: 'none',
      },
      on: {
        // The session cannot be renewed silently: the token flow sends the user to sign in again, back to this page.
        'token.request': {
          guard: { type: 'isInteractiveRequest', params: ({ event }) => event },
          target: 'acquireToken',
          actions: {
            type: 'rememberTokenRequest',
            params: ({ event }) => ({ interactionType: event.interactionType as InteractionType, scopes: event.scopes, returnPath: event.returnPath }),
          },
        },
        'logout.request': 'logout',
      },
    },
    signedOut: {
      description:
        "Signed out in another tab (or someone else signed in there), or this tab's sign-out ended without leaving for the provider: the account is forgotten and the account area leaves for '/' with a fresh page, as after logging out.",
      entry: ['forgetAccount', 'leaveAccountArea'],
      always: 'none',
    },
    login: {
      description: 'Signing in with the sign-up/sign-in or the password-reset policy.',
      meta: { requirements: ['S4.auth.states', 'S4.auth.active-account', 'S6.scopes'] },
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context }) => context.pendingLogin ?? { interactionType: 'redirect', policy: 'signUpSignIn' },
        // A redirect leaves the page; only a popup comes back here with the account.
        onDone: {
          guard: { type: 'hasAccount', params: ({ event }) => ({ account: event.output }) },
          target: 'none',
          actions: { type: 'storeActiveAccount', params: ({ event }) => ({ account: event.output }) },
        },
        onError: { target: 'none', actions: { type: 'recordFailure', params: ({ event }) => ({ message: describe(event.error) }) } },
      },
    },
    ssoSilent: {
      description: 'Signing in silently with the provider’s session, in a hidden frame.',
      meta: { requirements: ['S4.auth.states', 'S4.auth.active-account'] },
      invoke: {
        id: 'ssoSilent',
        src: 'ssoSilent',
        onDone: {
          target: 'none',
          actions: [
            { type: 'activateAccount', params: ({ event }) => ({ account: event.output }) },
            { type: 'storeActiveAccount', params: ({ event }) => ({ account: event.output }) },
          ],
        },
        // Not being signed in at the provider is an answer, not an error to show.
        onError: 'none',
      },
    },
    acquireToken: {
      description: 'Acquiring a token interactively, because the silent ways needed interaction.',
      meta: { requirements: ['S4.auth.states', 'S4.auth.active-account'] },
      invoke: {
        id: 'acquireTokenInteractive',
        src: 'acquireTokenInteractive',
        input: ({ context }) => context.pendingToken ?? { interactionType: 'redirect', scopes: [] },
        onDone: {
          guard: { type: 'hasAccount', params: ({ event }) => ({ account: event.output }) },
          target: 'none',
        },
        onError: { target: 'none', actions: { type: 'recordFailure', params: ({ event }) => ({ message: describe(event.error) }) } },
      },
      on: {
        'msal.acquireToken.failure': {
          guard: { type: 'isInteractive', params: ({ event }) => event },
          target: 'none',
          actions: { type: 'recordFailure', params: ({ event }) => ({ message: event.failure.errorMessage }) },
        },
      },
    },
    logout: {
      description: 'Signing out at the provider, which returns to the site root.',
      meta: { requirements: ['S4.auth.states', 'S2.redirect-addresses'] },
      invoke: {
        id: 'logout',
        src: 'logout',
        input: ({ context }) => ({ account: context.activeAccount }),
        onError: { target: 'none', actions: { type: 'recordFailure', params: ({ event }) => ({ message: describe(event.error) }) } },
      },
      on: {
        // This tab's own sign-out: MSAL cleared the cache and goes on to the provider.
        'msal.logout.success': { description: 'This tab’s own sign-out goes on to the provider.' },
        // MSAL ends a sign-out only when it does not leave for the provider (its settings out of reach):
        // it has forgotten the person already, so the page must not go on showing their account.
        'msal.logout.end': { target: 'signedOut', description: 'The sign-out ended here, without leaving for the provider: signed out all the same.' },
      },
    },
  },
})

function describe(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'errorMessage' in error) return String((error as AuthFailure).errorMessage)
  return messageOf(error)
}
