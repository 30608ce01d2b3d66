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
  return async function verify(authorization: string | undefined): Promise<Caller> {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1]
    if (!token) throw new Problem(401, 'Sign in to use the accounts API.', { 'WWW-Authenticate': 'Bearer' })
    try {
      const { payload, protectedHeader } = await jwtVerify(token, getKey, { issuer: issuers, audience, algorithms: ['RS256'] })
      if (protectedHeader.typ && !['jwt', 'at+jwt', 'application/at+jwt'].includes(protectedHeader.typ.toLowerCase())) throw new Error('Unexpected token type')
      const oid = String(payload.oid ?? payload.sub ?? '')
      const emails = Array.isArray(payload.emails) ? payload.emails : []
      const email = String(emails[0] ?? payload.email ?? '').toLowerCase()
      if (!oid || !email) throw new Error('The token names no person')
      return { oid, email, scopes: new Set(String(payload.scp ?? '').split(' ').filter(Boolean)) }
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
