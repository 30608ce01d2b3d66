import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose'
import { createAccountsApp } from '../../server/accounts/app'
import { fulfillPurchase } from '../../server/accounts/license-store'
import { createTokenVerifier } from '../../server/accounts/token-verifier'
import { openPglite, openPostgres, type Database } from '../../server/db/database'
import { migrate } from '../../server/db/migrations'
import { resetDatabase } from '../../server/db/seed'
import { demoPeople } from '../../server/demo-accounts'
import { completeCheckout, createSandboxGateway } from '../../server/payments/sandbox/gateway'

export const origin = 'https://localhost:5173'
const issuer = `${origin}/idp/b2c_1_susi`
const audience = 'prism-accounts-api'

/** The databases the contract runs against: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const databases: { name: string; open: () => Promise<Database> }[] = [
  { name: 'PGlite', open: () => openPglite() },
  ...(process.env.TEST_DATABASE_URL
    ? [{ name: 'PostgreSQL', open: () => openPostgres(process.env.TEST_DATABASE_URL!, { schema: `test_${Date.now()}_${Math.random().toString(36).slice(2, 8)}` }) }]
    : []),
]

export const person = (email: string) => demoPeople.find((candidate) => candidate.email === email)!

/** A seeded database behind the API, with keys to mint tokens as any demo person. */
export async function startApi(open: () => Promise<Database>, rateLimits = { readsPerSecond: 10_000, writesPerSecond: 10_000, burst: 10_000 }) {
  const db = await open()
  await migrate(db)
  await resetDatabase(db)
  const { privateKey, publicKey } = await generateKeyPair('RS256')
  const { privateKey: strangerKey } = await generateKeyPair('RS256')
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'test', alg: 'RS256' }
  const gateway = createSandboxGateway(db, origin)
  const app = createAccountsApp({
    db,
    gateway,
    verifyToken: createTokenVerifier({ getKey: createLocalJWKSet({ keys: [jwk] }), issuers: [issuer], audience }),
    siteOrigin: origin,
    discordInviteUrl: 'https://discord.gg/prism-test',
    rateLimits,
  })

  async function token(email: string, options: { scp?: string; expiresIn?: string; issuer?: string; audience?: string; key?: 'stranger'; oid?: string } = {}) {
    const who = demoPeople.find((candidate) => candidate.email === email)
    return new SignJWT({ scp: options.scp ?? 'accounts.read accounts.write', oid: options.oid ?? who?.oid ?? `oid-${email}`, emails: [email] })
      .setProtectedHeader({ alg: 'RS256', kid: 'test', typ: 'at+jwt' })
      .setIssuer(options.issuer ?? issuer)
      .setAudience(options.audience ?? audience)
      .setSubject(options.oid ?? who?.oid ?? `oid-${email}`)
      .setIssuedAt()
      .setExpirationTime(options.expiresIn ?? '10m')
      .sign(options.key === 'stranger' ? strangerKey : privateKey)
  }

  async function call(email: string | null, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await app.request(`/api${path}`, {
      method,
      headers: { ...(email ? { Authorization: `Bearer ${await token(email)}` } : {}), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    })
    const text = await response.text()
    return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers }
  }

  /** Completes a checkout in the sandbox with a good card, as the hosted page would. */
  async function pay(sessionId: string) {
    const completed = await completeCheckout(db, sessionId, { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 })
    if (completed) await fulfillPurchase(db, { ...completed, ownerOid: completed.accountId })
  }

  return { db, app, token, call, pay, close: () => db.close() }
}

export type Api = Awaited<ReturnType<typeof startApi>>
