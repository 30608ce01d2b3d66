import { BrowserCacheLocation, PublicClientApplication, type Configuration } from '@azure/msal-browser'
import type { AuthSettings } from './settings'

/**
 * MSAL's settings for the tenant, the same for a B2C tenant, Entra External ID and the local
 * provider: MSAL's default (AAD) protocol mode, which reads the authority's discovery document at
 * `<authority>/v2.0/.well-known/openid-configuration` and skips Microsoft's instance discovery for
 * the hosts in `knownAuthorities`; tokens cached in local storage (spec section 1).
 */
export function msalConfiguration(settings: AuthSettings): Configuration {
  return {
    auth: {
      clientId: settings.clientId,
      authority: settings.authorities.signUpSignIn,
      knownAuthorities: settings.knownAuthorities,
      redirectUri: settings.redirectUri,
      postLogoutRedirectUri: settings.redirectUri,
    },
    cache: { cacheLocation: BrowserCacheLocation.LocalStorage },
  }
}

/** The MSAL client for the tenant. */
export function createMsalClient(settings: AuthSettings): PublicClientApplication {
  return new PublicClientApplication(msalConfiguration(settings))
}
