import { config, resolveAddress } from '../config/config'
import type { Policy } from '@/machines/auth.types'

/** MSAL's view of the tenant: one authority per policy, the client, the API's scopes, the return pages. */
export interface AuthSettings {
  clientId: string
  authorities: Record<Policy, string>
  knownAuthorities: string[]
  scopes: { read: string; write: string }
  /** Sign-in and sign-out return to the site root (spec section 2). */
  redirectUri: string
  /** Hidden frames and popups land on a tiny page that hands the answer to the app. */
  bridgeRedirectUri: string
}

/**
 * A user flow's authority: B2C names the flow after the tenant
 * (`https://<tenant>.b2clogin.com/<tenant>.onmicrosoft.com/B2C_1_susi`); Entra External ID has no
 * flow in the authority (`https://<tenant>.ciamlogin.com/<tenant-id>`), so an empty policy leaves it out.
 */
const authorityOf = (base: string, policy: string) => (policy.trim() ? `${base}/${policy.trim()}` : base)

export function readAuthSettings(origin = window.location.origin): AuthSettings {
  const base = resolveAddress(config.VITE_AUTH_AUTHORITY_BASE, origin)
  const known = config.VITE_AUTH_KNOWN_AUTHORITIES.split(',')
    .map((host) => host.trim())
    .filter(Boolean)
  return {
    clientId: config.VITE_AUTH_CLIENT_ID,
    authorities: {
      signUpSignIn: authorityOf(base, config.VITE_AUTH_SIGN_IN_POLICY),
      passwordReset: authorityOf(base, config.VITE_AUTH_PASSWORD_RESET_POLICY),
    },
    knownAuthorities: known.length ? known : [new URL(base).host],
    scopes: { read: config.VITE_AUTH_SCOPE_READ, write: config.VITE_AUTH_SCOPE_WRITE },
    redirectUri: `${origin}/`,
    bridgeRedirectUri: `${origin}/auth/redirect.html`,
  }
}

/** Which policy issued a token: B2C names it in the `tfp` claim (or `acr` in older tenants). */
export function policyOfClaims(claims: Record<string, unknown> | undefined, settings: AuthSettings): Policy {
  // Without policies (Entra External ID) there is one authority: password reset happens inside sign-in.
  if (settings.authorities.passwordReset === settings.authorities.signUpSignIn) return 'signUpSignIn'
  const issuedBy = String(claims?.tfp ?? claims?.acr ?? '').toLowerCase()
  const resetPolicy = settings.authorities.passwordReset.split('/').at(-1)!.toLowerCase()
  return issuedBy === resetPolicy ? 'passwordReset' : 'signUpSignIn'
}
