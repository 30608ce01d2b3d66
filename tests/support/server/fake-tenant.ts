import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { exportJWK, generateKeyPair, SignJWT, type JWK, type JWTPayload } from 'jose'

type PrivateKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey']

export interface FakeTenant {
  /** The discovery document's address (AUTH_METADATA_URL). */
  metadataUrl: string
  /** The tenant's issuer, one for every user flow as in B2C (AUTH_ISSUER). */
  issuer: string
  audience: string
  /** How many times each path was asked for. */
  requests: Map<string, number>
  /** The key the next tokens are signed with by default. */
  currentKid: string
  /** Whether the server answers; false closes every connection as a down tenant would. */
  reachable: boolean
  /** Publishes a new key (dropping the old ones unless `keep`) and signs with it from now on. */
  rotate(options?: { keep?: boolean }): Promise<string>
  /** A key the tenant does not publish (yet), to sign tokens with. */
  unpublishedKey(): Promise<{ kid: string; privateKey: PrivateKey; publish(): void }>
  /** A B2C-shaped access token. */
  /** A signed token; `expiresIn: null` leaves out the expiry, `notBefore` moves the start of its validity. */
  mint(
    claims?: JWTPayload,
    options?: { kid?: string; key?: PrivateKey; issuer?: string; audience?: string; expiresIn?: string | number | null; notBefore?: string | number; typ?: string },
  ): Promise<string>
  close(): Promise<void>
}

async function newKey() {
  const { privateKey, publicKey } = await generateKeyPair('RS256')
  const kid = `key-${Math.random().toString(36).slice(2, 10)}`
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }
  return { kid, privateKey, jwk }
}

/**
 * A B2C tenant on a real local HTTP server (port 0): the discovery document at the B2C path
 * `/<tenant-id>/b2c_1_susi/v2.0/.well-known/openid-configuration`, its JWKS at
 * `/<tenant-id>/discovery/v2.0/keys`, and tokens signed with the published key.
 */
export async function startFakeTenant(options: { audience?: string; tenantId?: string } = {}): Promise<FakeTenant> {
  const tenantId = options.tenantId ?? '3f6c8a1e-0b2d-4c5e-9f70-123456789abc'
  const keys = new Map<string, { privateKey: PrivateKey; jwk: JWK }>()
  const first = await newKey()
  keys.set(first.kid, first)
  const requests = new Map<string, number>()
  let origin = ''

  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://tenant').pathname
    requests.set(path, (requests.get(path) ?? 0) + 1)
    if (!tenant.reachable) {
      req.socket.destroy()
      return
    }
    if (path === `/${tenantId}/b2c_1_susi/v2.0/.well-known/openid-configuration`) {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(
        JSON.stringify({
          issuer: tenant.issuer,
          authorization_endpoint: `${origin}/${tenantId}/b2c_1_susi/oauth2/v2.0/authorize`,
          token_endpoint: `${origin}/${tenantId}/b2c_1_susi/oauth2/v2.0/token`,
          jwks_uri: `${origin}/${tenantId}/discovery/v2.0/keys`,
          id_token_signing_alg_values_supported: ['RS256'],
        }),
      )
      return
    }
    if (path === `/${tenantId}/discovery/v2.0/keys`) {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ keys: [...keys.values()].map((key) => key.jwk) }))
      return
    }
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  // Tests share a tenant per worker; it never keeps the process alive.
  server.unref()
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  const tenant: FakeTenant = {
    metadataUrl: `${origin}/${tenantId}/b2c_1_susi/v2.0/.well-known/openid-configuration`,
    issuer: `${origin}/${tenantId}/v2.0/`,
    audience: options.audience ?? 'prism-accounts-api',
    requests,
    currentKid: first.kid,
    reachable: true,
    async rotate({ keep = false } = {}) {
      const next = await newKey()
      if (!keep) keys.clear()
      keys.set(next.kid, next)
      tenant.currentKid = next.kid
      return next.kid
    },
    async unpublishedKey() {
      const key = await newKey()
      return { kid: key.kid, privateKey: key.privateKey, publish: () => void keys.set(key.kid, key) }
    },
    async mint(claims = {}, mintOptions = {}) {
      const kid = mintOptions.kid ?? tenant.currentKid
      const key = mintOptions.key ?? keys.get(kid)?.privateKey
      if (!key) throw new Error(`No private key for ${kid}`)
      const token = new SignJWT({ scp: 'accounts.read accounts.write', tfp: 'B2C_1_susi', ver: '1.0', ...claims })
        .setProtectedHeader({ alg: 'RS256', kid, typ: mintOptions.typ ?? 'JWT' })
        .setIssuer(mintOptions.issuer ?? tenant.issuer)
        .setAudience(mintOptions.audience ?? tenant.audience)
        .setIssuedAt()
        .setNotBefore(mintOptions.notBefore ?? '0s')
      if (mintOptions.expiresIn !== null) token.setExpirationTime(mintOptions.expiresIn ?? '10m')
      return token.sign(key)
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
  return tenant
}
