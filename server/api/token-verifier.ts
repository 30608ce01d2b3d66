import { errors, jwtVerify } from 'jose'
import { Problem } from './problems'
import { log } from '../log'
import { noPolicy } from './tenant-claims'
import { createTenantKeys, TenantUnavailableError } from './tenant-keys'

export { TenantUnavailableError }

/** How far the tenant's clock and this instance's may differ, for nbf and exp. */
export const clockToleranceSeconds = 60

export interface Caller {
  oid: string
  email: string
  /**
   * Whether the email is one the person proved they own: the tenant's `email_verified`, or, when
   * it sends none, whether it verifies every address (AUTH_TENANT_VERIFIES_EMAIL; docs/deploying.md).
   * False binds no seat and accepts no invitation.
   */
  emailVerified: boolean
  scopes: Set<string>
}

/**
 * `email_verified` as tenants send it: a boolean, or the strings "true" and "false" (some social
 * providers); a token without it is trusted only if the tenant verifies every address.
 */
function verifiedOf(value: unknown, tenantVerifiesEveryEmail: boolean): boolean {
  if (value === true || value === 'true') return true
  if (value === false || value === 'false') return false
  return tenantVerifiesEveryEmail
}

/** The user flow that issued the token: B2C's `tfp`, else `acr`, without case; `none` when it names neither. */
function policyOf(payload: Record<string, unknown>): string {
  const named = payload.tfp ?? payload.acr
  return typeof named === 'string' && named ? named.toLowerCase() : noPolicy
}

/**
 * The tenant whose access tokens the API accepts (AUTH_METADATA_URL, AUTH_ISSUER, AUTH_AUDIENCE,
 * AUTH_EMAIL_CLAIM, AUTH_POLICIES, AUTH_TENANT_VERIFIES_EMAIL).
 */
export interface TenantSettings {
  /** The tenant's OpenID discovery document, which names its keys (`jwks_uri`). */
  metadataUrl: string
  /** The expected `iss`; several separated by commas. */
  issuer: string
  /** The API's application (client) id: the expected `aud`. */
  audience: string
  /** The claim holding the email: `emails` (an array, B2C) or `email` (a string, Entra External ID). */
  emailClaim: string
  /** The policies whose tokens are taken, lower case (`tfp`, else `acr`; `none`: a token naming neither). */
  policies: readonly string[]
  /** The tenant verifies every address it puts in the email claim: a token without `email_verified` is trusted. */
  tenantVerifiesEveryEmail: boolean
}

/** A valid token of a user flow the API does not take (a profile edit's, a password reset's): refused in words. */
class PolicyRefused extends Error {
  constructor(readonly policy: string) {
    super('The token comes from a sign-in policy the API does not take')
  }
}

const tokenTypes = ['jwt', 'at+jwt', 'application/at+jwt']

/** The first email of a claim that is an array (B2C's `emails`) or a string (`email`). */
function emailOf(value: unknown): string {
  const first: unknown = Array.isArray(value) ? value[0] : value
  return typeof first === 'string' ? first.trim().toLowerCase() : ''
}

/**
 * Verifies a bearer token the way a B2C or Entra External ID tenant issues it: RS256 signature by
 * one of the keys its discovery document names, issuer, audience, expiry and type (B2C's tokens
 * carry `typ: JWT`, others `at+jwt`); the person from `oid` (else `sub`) and the configured email
 * claim, the scopes from `scp`. A refused token is a 401 with `WWW-Authenticate`; keys that cannot
 * be fetched are a TenantUnavailableError (503).
 */
export function createTokenVerifier(settings: TenantSettings, options: { fetch?: typeof fetch } = {}): (authorization: string | undefined) => Promise<Caller> {
  const issuers = settings.issuer
    .split(',')
    .map((issuer) => issuer.trim())
    .filter(Boolean)
  if (!issuers.length || !settings.audience || !settings.metadataUrl || !settings.emailClaim || !settings.policies.length) {
    throw new Error('The tenant settings need a metadata URL, an issuer, an audience, an email claim and the accepted policies')
  }
  const policies = new Set(settings.policies.map((policy) => policy.toLowerCase()))
  const getKey = createTenantKeys(settings.metadataUrl, { fetch: options.fetch })
  // A verified token is remembered until it expires: a session sends the same one many times.
  const verified = new Map<string, { caller: Caller; expiresAt: number }>()

  return async function verify(authorization: string | undefined): Promise<Caller> {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1]
    if (!token) throw new Problem(401, 'Sign in to use the accounts API.', { 'WWW-Authenticate': 'Bearer' })
    const known = verified.get(token)
    if (known && known.expiresAt > Date.now()) return known.caller
    verified.delete(token)
    try {
      const { payload, protectedHeader } = await jwtVerify(token, getKey, {
        issuer: issuers,
        audience: settings.audience,
        algorithms: ['RS256'],
        // A token that never expires is not one the tenant issues.
        requiredClaims: ['exp'],
        // The tenant's clock and this instance's differ a little: a token issued a moment ago
        // (its nbf is the issue time) must not be refused as not yet valid.
        clockTolerance: clockToleranceSeconds,
      })
      if (protectedHeader.typ && !tokenTypes.includes(protectedHeader.typ.toLowerCase())) throw new Error('Unexpected token type')
      const policy = policyOf(payload)
      if (!policies.has(policy)) throw new PolicyRefused(policy)
      const oid = String(payload.oid ?? payload.sub ?? '')
      const email = emailOf(payload[settings.emailClaim])
      if (!oid || !email) throw new Error('The token names no person')
      const caller = {
        oid,
        email,
        emailVerified: verifiedOf(payload.email_verified, settings.tenantVerifiesEveryEmail),
        scopes: new Set(
          String(payload.scp ?? '')
            .split(' ')
            .filter(Boolean),
        ),
      }
      if (verified.size > 10_000) verified.clear()
      verified.set(token, { caller, expiresAt: (payload.exp ?? 0) * 1000 })
      return caller
    } catch (error) {
      if (error instanceof TenantUnavailableError) {
        console.error('The tenant’s signing keys could not be fetched', error.cause)
        throw error
      }
      if (error instanceof PolicyRefused) {
        // An operator's AUTH_POLICIES that misses the tenant's own user flow refuses everyone: say which.
        log.warn({ policy: error.policy.slice(0, 100) }, 'A token of a policy AUTH_POLICIES does not name was refused')
        throw new Problem(401, 'This sign-in does not give access to the accounts API. Please sign in again.', { 'WWW-Authenticate': 'Bearer error="invalid_token"' })
      }
      const expired = error instanceof errors.JWTExpired
      throw new Problem(401, expired ? 'Your sign-in has expired. Please sign in again.' : 'The access token is not valid.', {
        'WWW-Authenticate': `Bearer error="invalid_token"${expired ? ', error_description="expired"' : ''}`,
      })
    }
  }
}

export function requireScope(caller: Caller, scope: 'accounts.read' | 'accounts.write') {
  if (!caller.scopes.has(scope)) throw new Problem(403, `This action needs the ${scope} permission.`)
}
