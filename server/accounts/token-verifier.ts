import { errors, jwtVerify, type JWTVerifyGetKey } from 'jose'
import { Problem } from './problems'

export interface Caller {
  oid: string
  email: string
  scopes: Set<string>
}

/**
 * Verifies a bearer token against the identity provider's keys: signature, issuer (one of the
 * policies), audience and expiry. B2C's tokens carry `typ: JWT`, the local provider's `at+jwt`.
 */
export function createTokenVerifier({ getKey, issuers, audience }: { getKey: JWTVerifyGetKey; issuers: string[]; audience: string }) {
  // A verified token is remembered until it expires: a session sends the same one many times.
  const verified = new Map<string, { caller: Caller; expiresAt: number }>()
  return async function verify(authorization: string | undefined): Promise<Caller> {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1]
    if (!token) throw new Problem(401, 'Sign in to use the accounts API.', { 'WWW-Authenticate': 'Bearer' })
    const known = verified.get(token)
    if (known && known.expiresAt > Date.now()) return known.caller
    verified.delete(token)
    try {
      const { payload, protectedHeader } = await jwtVerify(token, getKey, { issuer: issuers, audience, algorithms: ['RS256'] })
      if (protectedHeader.typ && !['jwt', 'at+jwt', 'application/at+jwt'].includes(protectedHeader.typ.toLowerCase())) throw new Error('Unexpected token type')
      const oid = String(payload.oid ?? payload.sub ?? '')
      const emails = Array.isArray(payload.emails) ? payload.emails : []
      const email = String(emails[0] ?? payload.email ?? '').toLowerCase()
      if (!oid || !email) throw new Error('The token names no person')
      const caller = { oid, email, scopes: new Set(String(payload.scp ?? '').split(' ').filter(Boolean)) }
      if (verified.size > 10_000) verified.clear()
      verified.set(token, { caller, expiresAt: (payload.exp ?? 0) * 1000 })
      return caller
    } catch (error) {
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
