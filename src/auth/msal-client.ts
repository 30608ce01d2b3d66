import { BrowserCacheLocation, ProtocolMode, PublicClientApplication } from '@azure/msal-browser'
import type { AuthSettings } from './settings'

/** The MSAL client for the tenant: OIDC mode, tokens cached in local storage (spec section 1). */
export function createMsalClient(settings: AuthSettings): PublicClientApplication {
  return new PublicClientApplication({
    auth: {
      clientId: settings.clientId,
      authority: settings.authorities.signUpSignIn,
      knownAuthorities: settings.knownAuthorities,
      redirectUri: settings.redirectUri,
      postLogoutRedirectUri: settings.redirectUri,
    },
    cache: { cacheLocation: BrowserCacheLocation.LocalStorage },
    system: { protocolMode: ProtocolMode.OIDC },
  })
}
