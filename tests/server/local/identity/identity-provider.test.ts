import { createHash, randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { decodeJwt, decodeProtectedHeader } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTokenVerifier } from '@/server/api/token-verifier'
import { fetchTrusting } from '@/server/local/trusting-fetch'
import { demoPeople } from '@/server/local/demo-accounts'
import { createIdentityProvider, localTenantId, type IdentityProvider } from '@/server/local/identity'
import { loadOrCreateCertificate } from '@/server/local/tls'

const scopeBase = 'https://prismlibrary.onmicrosoft.com/accounts-api/'
let server: Server
let origin: string
let idp: IdentityProvider
let localDir: string
// The provider runs over real HTTPS with a self-signed certificate, trusted as the local stack's API trusts it.
let trusting: typeof fetch

beforeAll(async () => {
  localDir = mkdtempSync(join(tmpdir(), 'prism-idp-'))
  const tls = await loadOrCreateCertificate(localDir)
  trusting = fetchTrusting(tls.cert)
  server = createServer(tls, (req, res) => idp.handle(req, res))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `https://localhost:${(server.address() as AddressInfo).port}`
  idp = await createIdentityProvider({ origin, localDir, people: demoPeople })
})

afterAll(() => {
  server.close()
  rmSync(localDir, { recursive: true, force: true })
})

/** A browser-like session: follows redirects by hand and keeps cookies. */
function browser() {
  const cookies = new Map<string, string>()
  return async function go(url: string, init: RequestInit = {}): Promise<Response> {
    const response = await trusting(new URL(url, origin), { ...init, redirect: 'manual', headers: { ...init.headers, cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') } })
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';')
      const [name, value] = pair!.split('=')
      cookies.set(name!, value ?? '')
    }
    return response
  }
}

async function authorize(go: ReturnType<typeof browser>, policy = 'b2c_1_susi', scope = `openid offline_access ${scopeBase}accounts.read`) {
  const verifier = randomBytes(32).toString('base64url')
  const challenge = createHash('sha256').update(verifier).digest('base64url')
  const params = new URLSearchParams({
    client_id: 'prism-spa-local',
    response_type: 'code',
    response_mode: 'query',
    redirect_uri: `${origin}/`,
    scope,
    state: 'xyz',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  })
  const start = await go(`/idp/${policy}/auth?${params}`)
  expect(start.status).toBe(303)
  return { interaction: start.headers.get('location')!, verifier }
}

async function follow(go: ReturnType<typeof browser>, response: Response): Promise<URL> {
  let current = response
  while (current.status === 303 || current.status === 302) {
    const location = new URL(current.headers.get('location')!, origin)
    if (!location.pathname.startsWith('/idp/')) return location
    current = await go(location.href)
  }
  throw new Error(`Stopped at ${current.status}`)
}

describe('local identity provider', () => {
  it('publishes a discovery document per policy at B2C’s path and the plain one, with the tenant’s one issuer and B2C claims', async () => {
    const tenantIssuer = `${origin}/idp/${localTenantId}/v2.0/`
    for (const policy of ['b2c_1_susi', 'b2c_1_reset', 'B2C_1_SUSI']) {
      const b2c = await (await trusting(`${origin}/idp/${policy}/v2.0/.well-known/openid-configuration`)).json()
      const plain = await (await trusting(`${origin}/idp/${policy}/.well-known/openid-configuration`)).json()
      expect(b2c).toEqual(plain)
      const lower = policy.toLowerCase()
      expect(b2c).toMatchObject({
        issuer: tenantIssuer,
        authorization_endpoint: `${origin}/idp/${lower}/auth`,
        token_endpoint: `${origin}/idp/${lower}/token`,
        end_session_endpoint: `${origin}/idp/${lower}/session/end`,
        jwks_uri: `${origin}/idp/${lower}/jwks`,
      })
      expect(b2c.claims_supported).toEqual(expect.arrayContaining(['oid', 'emails', 'given_name', 'family_name', 'idp', 'tfp']))
      expect((await (await trusting(b2c.jwks_uri)).json()).keys).toEqual(idp.publicJwks.keys)
    }
    expect(idp.issuer).toBe(tenantIssuer)
    expect(idp.issuers).toEqual([tenantIssuer])
    expect(idp.metadataUrl).toBe(`${origin}/idp/b2c_1_susi/v2.0/.well-known/openid-configuration`)
    expect(idp.audience).toBe('prism-accounts-api')
  })

  it('offers the demo accounts of each provider, a sign-up and a forgotten password', async () => {
    const go = browser()
    const { interaction } = await authorize(go)
    const page = await (await go(interaction)).text()
    for (const heading of ['Sign in with Microsoft', 'Sign in with Google', 'Sign in with GitHub', 'Sign up now', 'Forgot your password?']) expect(page).toContain(heading)
    for (const person of demoPeople) expect(page).toContain(person.email)
  })

  it("links the stand-ins' one stylesheet, which it serves", async () => {
    const go = browser()
    const { interaction } = await authorize(go)
    const href = /<link rel="stylesheet" href="([^"]+)">/.exec(await (await go(interaction)).text())![1]!
    expect(href).toBe('/idp/assets/stand-in.css')
    const stylesheet = await go(href)
    expect(stylesheet.headers.get('content-type')).toBe('text/css; charset=utf-8')
    expect(await stylesheet.text()).toBe(readFileSync('server/local/assets/stand-in.css', 'utf8'))
  })

  it('signs a demo person in and issues B2C-shaped tokens the API can verify', async () => {
    const go = browser()
    const { interaction, verifier } = await authorize(go)
    await go(interaction)
    const cara = demoPeople.find((person) => person.email === 'commercial@example.com')!
    const back = await follow(go, await go(`${interaction}/login`, { method: 'POST', body: new URLSearchParams({ oid: cara.oid }) }))
    expect(back.searchParams.get('state')).toBe('xyz')
    const tokens = await (
      await go('/idp/b2c_1_susi/token', {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: back.searchParams.get('code')!,
          redirect_uri: `${origin}/`,
          client_id: 'prism-spa-local',
          code_verifier: verifier,
          client_info: '1',
        }),
      })
    ).json()
    const tenantIssuer = `${origin}/idp/${localTenantId}/v2.0/`
    expect(decodeJwt(tokens.id_token)).toMatchObject({
      iss: tenantIssuer,
      aud: 'prism-spa-local',
      oid: cara.oid,
      emails: ['commercial@example.com'],
      given_name: 'Cara',
      family_name: 'Commercial',
      idp: 'live.com',
      tfp: 'B2C_1_susi',
    })
    // As B2C answers MSAL's client_info=1: the object id with the policy, and the tenant.
    expect(JSON.parse(Buffer.from(tokens.client_info, 'base64url').toString())).toEqual({ uid: `${cara.oid}-b2c_1_susi`, utid: localTenantId })
    // The access token as B2C issues it.
    expect(decodeProtectedHeader(tokens.access_token)).toMatchObject({ alg: 'RS256', typ: 'JWT', kid: idp.publicJwks.keys[0]!.kid })
    const claims = decodeJwt(tokens.access_token)
    expect(claims).toMatchObject({
      iss: tenantIssuer,
      aud: 'prism-accounts-api',
      sub: cara.oid,
      oid: cara.oid,
      emails: ['commercial@example.com'],
      scp: 'accounts.read',
      tfp: 'B2C_1_susi',
      azp: 'prism-spa-local',
      ver: '1.0',
    })
    expect(claims.nbf).toBe(claims.iat)
    expect(claims).not.toHaveProperty('scope')
    expect(claims).not.toHaveProperty('client_id')
    // The API's verifier, run as the local stack runs it: the discovery document's address, the one issuer.
    const verify = createTokenVerifier(
      { metadataUrl: idp.metadataUrl, issuer: idp.issuer, audience: idp.audience, emailClaim: 'emails', policies: [idp.signInPolicy], tenantVerifiesEveryEmail: false },
      { fetch: trusting },
    )
    expect(await verify(`Bearer ${tokens.access_token}`)).toEqual({ oid: cara.oid, email: 'commercial@example.com', emailVerified: true, scopes: new Set(['accounts.read']) })

    // MSAL sends offline_access with every refresh; the provider answers anyway.
    const refreshed = await go('/idp/b2c_1_susi/token', {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token,
        client_id: 'prism-spa-local',
        scope: `${scopeBase}accounts.read openid offline_access`,
        client_info: '1',
      }),
    })
    expect(refreshed.status).toBe(200)
    const renewed = await refreshed.json()
    expect(decodeJwt(renewed.access_token)).toMatchObject({ iss: tenantIssuer, scp: 'accounts.read' })
    expect(renewed.client_info).toBe(tokens.client_info)
    // accounts.write, first asked for on refresh, as B2C allows.
    const writing = await go('/idp/b2c_1_susi/token', {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: renewed.refresh_token ?? tokens.refresh_token,
        client_id: 'prism-spa-local',
        scope: `${scopeBase}accounts.write openid offline_access`,
      }),
    })
    const written = await writing.json()
    expect(decodeJwt(written.access_token)).toMatchObject({ iss: tenantIssuer, scp: 'accounts.write' })
    expect(written).not.toHaveProperty('client_info')
  })

  it("answers 'Forgot your password?' with B2C's AADB2C90118 error to the site", async () => {
    const go = browser()
    const { interaction } = await authorize(go)
    const back = await follow(go, await go(`${interaction}/forgot`))
    expect(back.searchParams.get('error')).toBe('access_denied')
    expect(back.searchParams.get('error_description')).toMatch(/^AADB2C90118/)
  })

  it('resets a password with the reset policy, which names itself in tfp', async () => {
    const go = browser()
    const { interaction, verifier } = await authorize(go, 'b2c_1_reset')
    expect(await (await go(interaction)).text()).toContain('Reset password')
    const back = await follow(go, await go(`${interaction}/reset`, { method: 'POST', body: new URLSearchParams({ email: 'plus@example.com', password: 'a-new-password' }) }))
    const tokens = await (
      await go('/idp/b2c_1_reset/token', {
        method: 'POST',
        body: new URLSearchParams({ grant_type: 'authorization_code', code: back.searchParams.get('code')!, redirect_uri: `${origin}/`, client_id: 'prism-spa-local', code_verifier: verifier }),
      })
    ).json()
    expect(decodeJwt(tokens.id_token)).toMatchObject({ iss: `${origin}/idp/${localTenantId}/v2.0/`, emails: ['plus@example.com'], tfp: 'B2C_1_reset' })
    expect(decodeJwt(tokens.access_token)).toMatchObject({ iss: `${origin}/idp/${localTenantId}/v2.0/`, tfp: 'B2C_1_reset' })
  })

  it('signs up a new person with a stable oid, kept across restarts', async () => {
    const signUp = async () => {
      const go = browser()
      const { interaction } = await authorize(go)
      await go(interaction)
      const back = await follow(
        go,
        await go(`${interaction}/login`, { method: 'POST', body: new URLSearchParams({ provider: 'GitHub', firstName: 'Nia', lastName: 'New', email: 'Nia.New@example.com' }) }),
      )
      return back.searchParams.get('code')
    }
    expect(await signUp()).toBeTruthy()
    const again = await createIdentityProvider({ origin, localDir, people: demoPeople })
    expect(again.publicJwks).toEqual(idp.publicJwks)
  })

  it('refuses a new person without a valid email, keeping the page', async () => {
    const go = browser()
    const { interaction } = await authorize(go)
    await go(interaction)
    const refused = await go(`${interaction}/login`, { method: 'POST', body: new URLSearchParams({ provider: 'Google', firstName: 'No', lastName: 'Email', email: 'not-an-email' }) })
    expect(refused.status).toBe(422)
    expect(await refused.text()).toContain('Enter a valid email address.')
  })
})
