import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { exportJWK, generateKeyPair, SignJWT } from 'jose'
import { findPlan } from '@/common/plans'

export interface Person {
  oid: string
  email: string
  firstName: string
  lastName: string
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

const close = (server: Server) => () =>
  new Promise<void>((resolve) => {
    server.closeAllConnections()
    server.close(() => resolve())
  })

/**
 * The tenant as the servers meet it, on 127.0.0.1: B2C's discovery document and JWKS, and access
 * tokens signed with its key (oid, emails, scp), valid for an hour. Both the production server
 * (through AUTH_METADATA_URL) and the older commits' app (through the JWKS) check them here.
 */
export async function startTenant() {
  const { privateKey, publicKey } = await generateKeyPair('RS256')
  const jwk = { ...(await exportJWK(publicKey)), kid: 'bench-key-1', alg: 'RS256', use: 'sig' }
  const holder: { origin?: string } = {}
  const server = createServer((request, response) => {
    const origin = holder.origin!
    const body =
      request.url === '/b2c_1_susi/v2.0/.well-known/openid-configuration'
        ? { issuer: `${origin}/tenant-id/v2.0/`, jwks_uri: `${origin}/b2c_1_susi/discovery/v2.0/keys`, id_token_signing_alg_values_supported: ['RS256'] }
        : request.url === '/b2c_1_susi/discovery/v2.0/keys'
          ? { keys: [jwk] }
          : null
    response.writeHead(body ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify(body ?? { error: 'not found' }))
  })
  const origin = (holder.origin = await listen(server))
  const issuer = `${origin}/tenant-id/v2.0/`
  const audience = 'prism-accounts-api-bench'
  return {
    metadataUrl: `${origin}/b2c_1_susi/v2.0/.well-known/openid-configuration`,
    jwksUrl: `${origin}/b2c_1_susi/discovery/v2.0/keys`,
    issuer,
    audience,
    token: (person: Person) =>
      new SignJWT({ oid: person.oid, emails: [person.email], scp: 'accounts.read accounts.write', tfp: 'B2C_1_susi' })
        .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: 'JWT' })
        .setIssuer(issuer)
        .setAudience(audience)
        .setSubject(person.oid)
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(privateKey),
    close: close(server),
  }
}

const stripePrices = { price_community: 'community', price_commercial: 'commercial', price_commercial_plus: 'commercial-plus' } as const

/**
 * What the server asks of Stripe without a scenario: each configured price (checked at start) and
 * the open subscriptions (the daily reconciliation, which finds none). Undefined for anything else.
 */
function startupAnswer(method: string | undefined, url: string): object | undefined {
  if (method !== 'GET') return undefined
  const { pathname } = new URL(url, 'http://stand-in')
  if (pathname === '/v1/subscriptions') return { object: 'list', data: [], has_more: false, url: pathname }
  const plan = findPlan(stripePrices[pathname.replace('/v1/prices/', '') as keyof typeof stripePrices] ?? '')
  return plan && { id: pathname.slice('/v1/prices/'.length), object: 'price', currency: 'usd', unit_amount: plan.price, recurring: { interval: 'year', interval_count: 1 } }
}

/**
 * Stripe's API as the production server's settings name it (STRIPE_API_BASE). The scenarios make
 * no Stripe call (the seats are seeded through each commit's own code), so beside what the server
 * asks without one (startupAnswer) it answers every call with 503 and counts them: a count above
 * zero says a scenario reached Stripe.
 */
export async function startStripe() {
  let calls = 0
  const server = createServer((request, response) => {
    request.resume()
    const answer = startupAnswer(request.method, request.url ?? '/')
    if (answer) return void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer))
    calls++
    response.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { type: 'api_error', message: 'The bench does not stand in for this call.' } }))
  })
  const origin = await listen(server)
  return {
    origin,
    calls: () => calls,
    env: {
      STRIPE_SECRET_KEY: 'sk_test_bench',
      STRIPE_WEBHOOK_SECRET: 'whsec_bench',
      STRIPE_API_BASE: origin,
      STRIPE_PRICE_COMMUNITY: 'price_community',
      STRIPE_PRICE_COMMERCIAL: 'price_commercial',
      STRIPE_PRICE_COMMERCIAL_PLUS: 'price_commercial_plus',
    },
    close: close(server),
  }
}
