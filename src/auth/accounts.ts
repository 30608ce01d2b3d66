import type { AccountInfo, AuthError } from '@azure/msal-browser'
import { InteractionRequiredAuthError } from '@azure/msal-browser'
import type { AuthFailure, SignedInAccount } from '@/machines/auth.types'
import type { SignInIdentity } from '@/machines/session.machine'

/** MSAL's account, reduced to what the machines use: no raw token is kept (the claims are enough). */
export function toSignedInAccount(account: AccountInfo): SignedInAccount {
  return {
    homeAccountId: account.homeAccountId,
    localAccountId: account.localAccountId,
    username: account.username,
    name: account.name,
    idTokenClaims: account.idTokenClaims as Record<string, unknown> | undefined,
  }
}

/** Answers to a refresh request that mean the refresh token cannot give this token. */
const refreshTokenRefusals = new Set(['invalid_grant', 'invalid_scope', 'bad_token', 'refresh_token_expired', 'no_tokens_found', 'token_refresh_required'])

/** MSAL's errors, reduced to what the machines' rules look at. */
export function toAuthFailure(error: unknown): AuthFailure {
  const authError = error as Partial<AuthError> | undefined
  const errorCode = authError?.errorCode ?? 'unknown_error'
  const interactionRequired = error instanceof InteractionRequiredAuthError
  return {
    errorCode,
    errorMessage: authError?.errorMessage || (error instanceof Error ? error.message : String(error)),
    interactionRequired,
    refreshTokenUnusable: interactionRequired || refreshTokenRefusals.has(errorCode),
  }
}

/**
 * Who signed in, from the ID token (B2C: names in given_name / family_name, the email in
 * emails[0]; MSAL leaves `username` empty for B2C).
 */
export function identityOf(account: SignedInAccount): SignInIdentity {
  const claims = account.idTokenClaims ?? {}
  const emails = Array.isArray(claims.emails) ? claims.emails : []
  const email = String(emails[0] ?? claims.email ?? account.username ?? '')
  return {
    firstName: String(claims.given_name ?? ''),
    lastName: String(claims.family_name ?? ''),
    email,
    oid: String(claims.oid ?? claims.sub ?? account.localAccountId),
  }
}
