import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { Problem } from '@/server/api/problems'
import { log } from '@/server/log'
import { TenantUnavailableError } from '@/server/api/tenant-keys'
import { clockToleranceSeconds, createTokenVerifier, requireScope, type TenantSettings } from '@/server/api/token-verifier'
import { fetchTrusting } from '@/server/local/trusting-fetch'
import { loadOrCreateCertificate } from '@/server/local/tls'
import { startFakeTenant, type FakeTenant } from '@/tests/support/server/fake-tenant'

const oid = '5f1d2c3b-4a59-4e8f-9b0a-1c2d3e4f5a6b'
let tenant: FakeTenant

beforeAll(async () => {
  tenant = await startFakeTenant()
})
afterAll(() => tenant.close())
afterEach(() => {
  vi.useRealTimers()
  tenant.reachable = true
})

const settings = (overrides: Partial<TenantSettings> = {}): TenantSettings => ({
  metadataUrl: tenant.metadataUrl,
  issuer: tenant.issuer,
  audience: 'prism-accounts-api',
  emailClaim: 'emails',
  policies: ['b2c_1_susi'],
  tenantVerifiesEveryEmail: false,
  ...overrides,
})
const bearer = (token: string) => `Bearer ${token}`
const keysPath = () => [...tenant.requests.keys()].find((path) => path.endsWith('/discovery/v2.0/keys'))!
const discoveryPath = () => new URL(tenant.metadataUrl).pathname
const fetched = () => ({ discovery: tenant.requests.get(discoveryPath()) ?? 0, keys: tenant.requests.get(keysPath()) ?? 0 })

/** The refusal a verifier throws, as the API answers it. */
async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  )
  if (error instanceof Problem || error instanceof TenantUnavailableError) return { status: error.status, message: error.message, headers: error.headers }
  throw new Error(`Expected a refusal, got ${String(error)}`)
}

const invalidToken = { status: 401, message: 'The access token is not valid.', headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' } }

describe('the token verifier, against a tenant’s discovery document and keys', () => {
  it('accepts a B2C access token: the person from oid, the email from emails, the scopes from scp', async () => {
    const verify = createTokenVerifier(settings())
    const caller = await verify(bearer(await tenant.mint({ oid, sub: oid, emails: ['Paula.Plus@Example.com'], scp: 'accounts.read accounts.write' })))
    expect(caller).toEqual({ oid, email: 'paula.plus@example.com', emailVerified: false, scopes: new Set(['accounts.read', 'accounts.write']) })
  })

  it("reads the tenant's email_verified: true and false, as booleans or strings; none (or another word) trusted only when the tenant verifies every address", async () => {
    const claims = [true, 'true', false, 'false', undefined, 'yes']
    const read = async (tenantVerifiesEveryEmail: boolean) => {
      const verify = createTokenVerifier(settings({ tenantVerifiesEveryEmail }))
      const verified = async (claim: unknown) => (await verify(bearer(await tenant.mint({ oid, emails: ['a@example.com'], ...(claim === undefined ? {} : { email_verified: claim }) })))).emailVerified
      return Promise.all(claims.map(verified))
    }
    expect(await read(false)).toEqual([true, true, false, false, false, false])
    expect(await read(true)).toEqual([true, true, false, false, true, true])
  })

  it('takes only the policies it is told (tfp, else acr, without case); another is refused with 401 in words, and logged', async () => {
    const verify = createTokenVerifier(settings({ policies: ['B2C_1_susi'] }))
    const of = async (claims: Record<string, unknown>) => verify(bearer(await tenant.mint({ oid, emails: ['a@example.com'], ...claims })))
    expect((await of({ tfp: 'B2C_1_SUSI' })).oid).toBe(oid)
    expect((await of({ tfp: undefined, acr: 'b2c_1_susi' })).oid).toBe(oid)
    const refused = { status: 401, message: 'This sign-in does not give access to the accounts API. Please sign in again.', headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' } }
    const warned = vi.spyOn(log, 'warn').mockImplementation(() => undefined)
    expect(await refusal(of({ tfp: 'B2C_1_profile_edit' }))).toEqual(refused)
    expect(await refusal(of({ tfp: 'B2C_1_reset' }))).toEqual(refused)
    expect(await refusal(of({ tfp: undefined })), 'a token that names no policy').toEqual(refused)
    expect(warned.mock.calls.map(([fields]) => fields)).toEqual([{ policy: 'b2c_1_profile_edit' }, { policy: 'b2c_1_reset' }, { policy: 'none' }])
    warned.mockRestore()
    // Entra External ID's tokens name no policy: `none` takes them.
    const entra = createTokenVerifier(settings({ policies: ['none'] }))
    expect((await entra(bearer(await tenant.mint({ oid, emails: ['a@example.com'], tfp: undefined })))).oid).toBe(oid)
  })

  it('accepts typ JWT (B2C) and at+jwt, and refuses another type', async () => {
    const verify = createTokenVerifier(settings())
    expect((await verify(bearer(await tenant.mint({ oid, emails: ['a@example.com'] }, { typ: 'at+jwt' })))).oid).toBe(oid)
    expect(await refusal(verify(bearer(await tenant.mint({ oid, emails: ['a@example.com'] }, { typ: 'id_token+jwt' }))))).toEqual(invalidToken)
  })

  it('answers 401 without a token, naming Bearer', async () => {
    const verify = createTokenVerifier(settings())
    expect(await refusal(verify(undefined))).toEqual({ status: 401, message: 'Sign in to use the accounts API.', headers: { 'WWW-Authenticate': 'Bearer' } })
    expect(await refusal(verify('Basic abc'))).toEqual({ status: 401, message: 'Sign in to use the accounts API.', headers: { 'WWW-Authenticate': 'Bearer' } })
  })

  it('refuses another issuer, and accepts each of a comma-separated list', async () => {
    const verify = createTokenVerifier(settings())
    expect(await refusal(verify(bearer(await tenant.mint({ oid, emails: ['a@example.com'] }, { issuer: 'https://evil.example.com/tenant/v2.0/' }))))).toEqual(invalidToken)
    const either = createTokenVerifier(settings({ issuer: `https://other.b2clogin.com/tenant/v2.0/, ${tenant.issuer}` }))
    expect((await either(bearer(await tenant.mint({ oid, emails: ['a@example.com'] })))).oid).toBe(oid)
    expect((await either(bearer(await tenant.mint({ oid, emails: ['a@example.com'] }, { issuer: 'https://other.b2clogin.com/tenant/v2.0/' })))).oid).toBe(oid)
  })

  it('refuses another audience', async () => {
    const verify = createTokenVerifier(settings())
    expect(await refusal(verify(bearer(await tenant.mint({ oid, emails: ['a@example.com'] }, { audience: 'another-api' }))))).toEqual(invalidToken)
  })

  it('refuses an expired token with its own message', async () => {
    const verify = createTokenVerifier(settings())
    expect(await refusal(verify(bearer(await tenant.mint({ oid, emails: ['a@example.com'] }, { expiresIn: Math.floor(Date.now() / 1000) - 2 * clockToleranceSeconds }))))).toEqual({
      status: 401,
      message: 'Your sign-in has expired. Please sign in again.',
      headers: { 'WWW-Authenticate': 'Bearer error="invalid_token", error_description="expired"' },
    })
  })

  it('refuses a token without an expiry', async () => {
    const verify = createTokenVerifier(settings())
    expect(await refusal(verify(bearer(await tenant.mint({ oid, emails: ['a@example.com'] }, { expiresIn: null }))))).toEqual(invalidToken)
  })

  it("allows a minute between the tenant's clock and this one: a token valid from 30 s ahead is taken, one from 5 minutes ahead is not", async () => {
    const verify = createTokenVerifier(settings())
    expect(await verify(bearer(await tenant.mint({ oid, emails: ['a@example.com'] }, { notBefore: '30s' })))).toMatchObject({ oid })
    expect(await refusal(verify(bearer(await tenant.mint({ oid, emails: ['b@example.com'] }, { notBefore: '5m' }))))).toEqual(invalidToken)
  })

  it('refuses a token signed by a key the tenant does not publish', async () => {
    const verify = createTokenVerifier(settings())
    const stranger = await tenant.unpublishedKey()
    expect(await refusal(verify(bearer(await tenant.mint({ oid, emails: ['a@example.com'] }, { kid: tenant.currentKid, key: stranger.privateKey }))))).toEqual(invalidToken)
  })

  it('leaves the scopes to requireScope: 403 naming the missing one', async () => {
    const verify = createTokenVerifier(settings())
    const caller = await verify(bearer(await tenant.mint({ oid, emails: ['a@example.com'], scp: 'accounts.read' })))
    expect(() => requireScope(caller, 'accounts.read')).not.toThrow()
    expect(() => requireScope(caller, 'accounts.write')).toThrow(new Problem(403, 'This action needs the accounts.write permission.'))
    try {
      requireScope(caller, 'accounts.write')
    } catch (error) {
      expect((error as Problem).status).toBe(403)
    }
  })

  it('reads the email from the configured claim: emails (an array, B2C) or email (a string, External ID)', async () => {
    const b2c = createTokenVerifier(settings({ emailClaim: 'emails' }))
    const externalId = createTokenVerifier(settings({ emailClaim: 'email' }))
    const withEmails = await tenant.mint({ oid, emails: ['b2c@example.com'] })
    const withEmail = await tenant.mint({ oid, email: 'External@Example.com' })
    expect((await b2c(bearer(withEmails))).email).toBe('b2c@example.com')
    expect((await externalId(bearer(withEmail))).email).toBe('external@example.com')
    // A token without the configured claim names no one.
    expect(await refusal(b2c(bearer(withEmail)))).toEqual(invalidToken)
    expect(await refusal(externalId(bearer(withEmails)))).toEqual(invalidToken)
  })

  it('fetches the discovery document and the keys once for many tokens, and remembers verified tokens', async () => {
    const before = fetched()
    const verify = createTokenVerifier(settings())
    const tokens = await Promise.all(Array.from({ length: 20 }, (_, index) => tenant.mint({ oid: `oid-${index}`, emails: [`person${index}@example.com`] })))
    const callers = await Promise.all(tokens.map((token) => verify(bearer(token))))
    expect(callers.map((caller) => caller.email)).toEqual(Array.from({ length: 20 }, (_, index) => `person${index}@example.com`))
    for (const token of tokens) await verify(bearer(token))
    expect(fetched()).toEqual({ discovery: before.discovery + 1, keys: before.keys + 1 })
  })

  it('refetches the keys for an unknown key id at most once in 30 s, so a rotated key verifies without a restart', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const verify = createTokenVerifier(settings())
    const start = fetched()
    await verify(bearer(await tenant.mint({ oid, emails: ['a@example.com'] })))
    expect(fetched().keys).toBe(start.keys + 1)

    // A key the tenant publishes later: refused while the cache does not have it, without a refetch in the first 30 s.
    const next = await tenant.unpublishedKey()
    const early = await tenant.mint({ oid, emails: ['a@example.com'] }, { kid: next.kid, key: next.privateKey })
    expect(await refusal(verify(bearer(early)))).toEqual(invalidToken)
    expect(fetched().keys).toBe(start.keys + 1)

    next.publish()
    vi.setSystemTime(Date.now() + 10_000)
    expect(await refusal(verify(bearer(await tenant.mint({ oid, emails: ['a@example.com'] }, { kid: next.kid, key: next.privateKey }))))).toEqual(invalidToken)
    expect(fetched().keys).toBe(start.keys + 1)

    vi.setSystemTime(Date.now() + 21_000)
    const later = await tenant.mint({ oid, emails: ['a@example.com'] }, { kid: next.kid, key: next.privateKey })
    expect((await verify(bearer(later))).oid).toBe(oid)
    expect(fetched().keys).toBe(start.keys + 2)

    // The tenant rotates (the old key is gone): tokens of the new key verify after one refetch.
    const rotated = await tenant.rotate()
    vi.setSystemTime(Date.now() + 31_000)
    const fresh = await tenant.mint({ oid, emails: ['a@example.com'] }, { kid: rotated })
    expect((await verify(bearer(fresh))).oid).toBe(oid)
    expect((await verify(bearer(await tenant.mint({ oid, emails: ['b@example.com'] }, { kid: rotated })))).email).toBe('b@example.com')
    expect(fetched().keys).toBe(start.keys + 3)
    expect(fetched().discovery).toBe(start.discovery + 1)
  })

  it('answers 503 with the spec’s message when the tenant cannot be reached, and recovers when it can', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const verify = createTokenVerifier(settings())
    tenant.reachable = false
    const token = await tenant.mint({ oid, emails: ['a@example.com'] })
    expect(await refusal(verify(bearer(token)))).toEqual({ status: 503, message: 'Sign-in could not be checked right now. Please try again in a moment.', headers: { 'Retry-After': '5' } })
    expect(logged).toHaveBeenCalledWith('The tenant’s signing keys could not be fetched', expect.any(Error))
    tenant.reachable = true
    expect((await verify(bearer(token))).oid).toBe(oid)
  })

  it('answers 503 when the discovery document names no keys', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const verify = createTokenVerifier(settings({ metadataUrl: tenant.metadataUrl.replace('b2c_1_susi', 'no_such_policy') }))
    expect((await refusal(verify(bearer(await tenant.mint({ oid, emails: ['a@example.com'] }))))).status).toBe(503)
  })

  it('keeps the keys it has when a refetch for an unknown key fails: known keys still verify', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const verify = createTokenVerifier(settings())
    await verify(bearer(await tenant.mint({ oid, emails: ['a@example.com'] })))
    tenant.reachable = false
    vi.setSystemTime(Date.now() + 31_000)
    const unknown = await tenant.unpublishedKey()
    expect((await refusal(verify(bearer(await tenant.mint({ oid, emails: ['a@example.com'] }, { kid: unknown.kid, key: unknown.privateKey }))))).status).toBe(503)
    expect((await verify(bearer(await tenant.mint({ oid, emails: ['c@example.com'] })))).email).toBe('c@example.com')
  })
})

describe('fetchTrusting', () => {
  it('reaches an HTTPS origin whose self-signed certificate it is given, and answers a real Response', async () => {
    const localDir = mkdtempSync(join(tmpdir(), 'prism-trust-'))
    const tls = await loadOrCreateCertificate(localDir)
    const server = createServer(tls, (req, res) => {
      res.writeHead(req.url === '/keys' ? 200 : 404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ path: req.url, method: req.method }))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const origin = `https://localhost:${(server.address() as AddressInfo).port}`
    try {
      const trusting = fetchTrusting(tls.cert)
      const answer = await trusting(`${origin}/keys`, { headers: { accept: 'application/json' } })
      expect(answer).toBeInstanceOf(Response)
      expect(answer.status).toBe(200)
      expect(answer.headers.get('content-type')).toBe('application/json')
      expect(await answer.json()).toEqual({ path: '/keys', method: 'GET' })
      expect((await trusting(new URL(`${origin}/other`))).status).toBe(404)
      await expect(trusting(`${origin}/keys`, { signal: AbortSignal.abort() })).rejects.toThrow()
    } finally {
      server.close()
      rmSync(localDir, { recursive: true, force: true })
    }
  })
})
