import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { exportJWK, generateKeyPair, type JWK } from 'jose'

export interface IdentityKeys {
  /** The private signing key set (RS256) both policies sign with. */
  jwks: { keys: JWK[] }
  /** Secrets that sign the provider's cookies. */
  cookieKeys: string[]
}

/** Signing keys made on first start and kept in the local folder, so tokens survive a restart. */
export async function loadOrCreateKeys(localDir: string): Promise<IdentityKeys> {
  const path = join(localDir, 'identity-keys.json')
  if (existsSync(path)) return JSON.parse(readFileSync(path, 'utf8')) as IdentityKeys
  const { privateKey } = await generateKeyPair('RS256', { extractable: true })
  const jwk = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: randomBytes(8).toString('hex') }
  const keys: IdentityKeys = { jwks: { keys: [jwk] }, cookieKeys: [randomBytes(32).toString('hex')] }
  mkdirSync(localDir, { recursive: true })
  writeFileSync(path, JSON.stringify(keys), { mode: 0o600 })
  return keys
}

/** The public half of a key set, as the JWKS endpoint publishes it. */
export function publicKeys(jwks: { keys: JWK[] }): { keys: JWK[] } {
  return { keys: jwks.keys.map(({ kty, n, e, alg, use, kid }) => ({ kty, n, e, alg, use, kid })) }
}
