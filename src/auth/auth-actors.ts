import { EventType, InteractionType, type AuthenticationResult, type EventMessage, type PublicClientApplication } from '@azure/msal-browser'
import { fromCallback, fromPromise, type EventObject } from 'xstate'
import type { LoginInput, MsalEvent, PageEvent, StartupOutput } from '@/machines/auth.machine'
import type { InteractionType as MachineInteraction, SignedInAccount } from '@/machines/auth.types'
import { isInAccountArea } from './account-area'
import { toAuthFailure, toSignedInAccount } from './accounts'
import { policyOfClaims, type AuthSettings } from './settings'

const interactionOf = (message: EventMessage): MachineInteraction =>
  message.interactionType === InteractionType.Popup ? 'popup' : message.interactionType === InteractionType.Redirect ? 'redirect' : 'silent'

const accountOf = (message: EventMessage) => {
  const account = (message.payload as AuthenticationResult | null)?.account
  return account ? toSignedInAccount(account) : null
}

/** Translates MSAL's event callback into the auth machine's events. */
export function translateMsalEvent(message: EventMessage): MsalEvent | null {
  switch (message.eventType) {
    case EventType.HANDLE_REDIRECT_START:
      return { type: 'msal.handleRedirect.start' }
    case EventType.HANDLE_REDIRECT_END:
      return { type: 'msal.handleRedirect.end' }
    case EventType.ACQUIRE_TOKEN_START:
      return { type: 'msal.acquireToken.start', interaction: interactionOf(message) }
    case EventType.ACQUIRE_TOKEN_SUCCESS: {
      const account = accountOf(message)
      return account ? { type: 'msal.acquireToken.success', interaction: interactionOf(message), account } : null
    }
    case EventType.ACQUIRE_TOKEN_FAILURE:
      return { type: 'msal.acquireToken.failure', interaction: interactionOf(message), failure: toAuthFailure(message.error) }
    case EventType.LOGIN_SUCCESS: {
      const account = message.payload ? toSignedInAccount(message.payload as never) : null
      return account ? { type: 'msal.login.success', account } : null
    }
    case EventType.LOGOUT_START:
      return { type: 'msal.logout.start' }
    // MSAL sends this one to every tab of the site too (a BroadcastChannel, with the cache in local storage).
    case EventType.LOGOUT_SUCCESS:
      return { type: 'msal.logout.success' }
    case EventType.LOGOUT_END:
      return { type: 'msal.logout.end' }
    default:
      return null
  }
}

/** The auth machine's actors over one MSAL client. Failures are thrown as AuthFailure. */
export function createAuthActors(msal: PublicClientApplication, settings: AuthSettings) {
  const rethrow = (error: unknown): never => {
    throw toAuthFailure(error)
  }
  const msalAccount = (account: SignedInAccount | null) => (account ? msal.getAccount({ homeAccountId: account.homeAccountId }) : null)

  return {
    msalEvents: fromCallback<EventObject, void, MsalEvent>(({ sendBack }) => {
      const id = msal.addEventCallback((message) => {
        const event = translateMsalEvent(message)
        if (event) sendBack(event)
      })
      return () => {
        if (id) msal.removeEventCallback(id)
      }
    }),

    // Public pages show nothing of the account, so only the account area looks at the session on return.
    pageVisibility: fromCallback<EventObject, void, PageEvent>(({ sendBack }) => {
      const onChange = () => {
        if (document.visibilityState === 'visible' && isInAccountArea()) sendBack({ type: 'page.visible' })
      }
      document.addEventListener('visibilitychange', onChange)
      return () => document.removeEventListener('visibilitychange', onChange)
    }),

    startup: fromPromise<StartupOutput, void>(async () => {
      await msal.initialize()
      // The app returns to the requested page itself, from the request's state.
      const result = await msal.handleRedirectPromise({ navigateToLoginRequestUrl: false }).catch(rethrow)
      return {
        activeAccount: msal.getActiveAccount() ? toSignedInAccount(msal.getActiveAccount()!) : null,
        accounts: msal.getAllAccounts().map(toSignedInAccount),
        returnedPolicy: result ? policyOfClaims(result.idTokenClaims as Record<string, unknown>, settings) : null,
        returnPath: result?.state || undefined,
      }
    }),

    login: fromPromise<SignedInAccount | null, LoginInput>(async ({ input }) => {
      const request = { scopes: [settings.scopes.read], authority: settings.authorities[input.policy], state: input.returnPath ?? '/account' }
      if (input.interactionType === 'popup') {
        const result = await msal.loginPopup({ ...request, redirectUri: settings.bridgeRedirectUri }).catch(rethrow)
        return toSignedInAccount(result.account)
      }
      await msal.loginRedirect(request).catch(rethrow)
      return null
    }),

    ssoSilent: fromPromise<SignedInAccount, void>(async () => {
      const result = await msal.ssoSilent({ scopes: [settings.scopes.read], redirectUri: settings.bridgeRedirectUri }).catch(rethrow)
      return toSignedInAccount(result.account)
    }),

    acquireTokenInteractive: fromPromise<SignedInAccount | null, { interactionType: MachineInteraction; scopes: string[]; returnPath?: string }>(async ({ input }) => {
      const account = msalAccount(msal.getActiveAccount() ? toSignedInAccount(msal.getActiveAccount()!) : null) ?? undefined
      const request = { scopes: input.scopes, account, state: input.returnPath ?? window.location.pathname + window.location.search }
      if (input.interactionType === 'popup') {
        const result = await msal.acquireTokenPopup({ ...request, redirectUri: settings.bridgeRedirectUri }).catch(rethrow)
        return toSignedInAccount(result.account)
      }
      await msal.acquireTokenRedirect(request).catch(rethrow)
      return null
    }),

    logout: fromPromise<void, { account: SignedInAccount | null }>(async ({ input }) => {
      const account = msalAccount(input.account)
      // Every account and token MSAL holds goes: logoutRedirect alone removes only this account's.
      await msal.clearCache().catch(rethrow)
      // The account lets MSAL tell the other tabs. No ID token hint: a token would sit in the address and the
      // browser's history; the client id lets the provider check the return address instead (decision 0008).
      await msal.logoutRedirect({ account, postLogoutRedirectUri: settings.redirectUri, extraQueryParameters: { client_id: settings.clientId } }).catch(rethrow)
    }),
  }
}
