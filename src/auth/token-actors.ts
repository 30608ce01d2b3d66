import { CacheLookupPolicy, type PublicClientApplication } from '@azure/msal-browser'
import { fromPromise } from 'xstate'
import type { AuthFailure } from '@/machines/auth.types'
import type { TokenRequest } from '@/machines/token.machine'
import { toAuthFailure } from './accounts'
import type { AuthSettings } from './settings'

const noAccount: AuthFailure = { errorCode: 'no_account', errorMessage: 'No signed-in account', interactionRequired: true, refreshTokenUnusable: true }

/**
 * The token machine's actors: one silent attempt per cache policy (cache only, refresh token
 * only, hidden frame only), and the hand-over to the sign-in flow when only the user can help.
 */
export function createTokenActors(msal: PublicClientApplication, settings: AuthSettings, signInAgain: (request: TokenRequest) => Promise<void>) {
  const silently = (cacheLookupPolicy: CacheLookupPolicy, redirectUri?: string) =>
    fromPromise<string, TokenRequest>(async ({ input }) => {
      const account = input.account ? msal.getAccount({ homeAccountId: input.account.homeAccountId }) : null
      if (!account) throw noAccount
      try {
        const result = await msal.acquireTokenSilent({ scopes: input.scopes, account, cacheLookupPolicy, redirectUri })
        return result.accessToken
      } catch (error) {
        throw toAuthFailure(error)
      }
    })

  return {
    tokenFromCache: silently(CacheLookupPolicy.AccessToken),
    tokenByRefreshToken: silently(CacheLookupPolicy.RefreshToken),
    tokenByHiddenFrame: silently(CacheLookupPolicy.Skip, settings.bridgeRedirectUri),
    signInAgain: fromPromise<void, TokenRequest>(({ input }) => signInAgain(input)),
  }
}
