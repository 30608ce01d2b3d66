import { createHash, randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createLocalJWKSet, decodeJwt, jwtVerify } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoPeople } from '../../server/demo-accounts'
import { createIdentityProvider, type IdentityProvider } from '../../server/identity'
import { loadOrCreateCertificate } from '../../server/tls'

// The provider runs over real HTTPS with a self-signed certificate.
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0'

const scopeBase = 'https://prismlibrary.onmicrosoft.com/accounts-api/'
let server: Server
let origin: string
let idp: IdentityProvider
let localDir: string

beforeAll(async () => {
  localDir = mkdtempSync(join(tmpdir(), 'prism-idp-'))
  const tls = await loadOrCreateCertificate(localDir)
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
    const response = await fetch(new URL(url, origin), { ...init, redirect: 'manual', headers: { ...init.headers, cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') } })
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
  const params = new URLSearchParams({ client_id: 'prism-spa-local', response_type: 'code', response_mode: 'query', redirect_uri: `${origin}/`, scope, state: 'xyz', code_challenge: challenge, code_challenge_method: 'S256' })
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
  it('publishes a discovery document per policy, under /idp/<policy>, with B2C claims', async () => {
    for (const policy of ['b2c_1_susi', 'b2c_1_reset']) {
      const discovery = await (await fetch(`${origin}/idp/${policy}/.well-known/openid-configuration`)).json()
      expect(discovery.issuer).toBe(`${origin}/idp/${policy}`)
      expect(discovery.token_endpoint).toBe(`${origin}/idp/${policy}/token`)
      expect(discovery.claims_supported).toEqual(expect.arrayContaining(['oid', 'emails', 'given_name', 'family_name', 'idp', 'tfp']))
    }
    expect(idp.issuers).toEqual([`${origin}/idp/b2c_1_susi`, `${origin}/idp/b2c_1_reset`])
  })

  it('offers the demo accounts of each provider, a sign-up and a forgotten password', async () => {
    const go = browser()
    const { interaction } = await authorize(go)
    const page = await (await go(interaction)).text()
    for (const heading of ['Sign in with Microsoft', 'Sign in with Google', 'Sign in with GitHub', 'Sign up now', 'Forgot your password?']) expect(page).toContain(heading)
    for (const person of demoPeople) expect(page).toContain(person.email)
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
        body: new URLSearchParams({ grant_type: 'authorization_code', code: back.searchParams.get('code')!, redirect_uri: `${origin}/`, client_id: 'prism-spa-local', code_verifier: verifier }),
      })
    ).json()
    expect(decodeJwt(tokens.id_token)).toMatchObject({ oid: cara.oid, emails: ['commercial@example.com'], given_name: 'Cara', family_name: 'Commercial', idp: 'live.com', tfp: 'B2C_1_susi' })
    const { payload, protectedHeader } = await jwtVerify(tokens.access_token, createLocalJWKSet(idp.publicJwks), { issuer: idp.issuers, audience: idp.audience })
    expect(protectedHeader.alg).toBe('RS256')
    expect(payload).toMatchObject({ oid: cara.oid, emails: ['commercial@example.com'], scp: 'accounts.read' })

    // MSAL sends offline_access with every refresh; the provider answers anyway.
    const refreshed = await go('/idp/b2c_1_susi/token', {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: 'prism-spa-local', scope: `${scopeBase}accounts.read openid offline_access` }),
    })
    expect(refreshed.status).toBe(200)
    expect(decodeJwt((await refreshed.json()).access_token).scp).toBe('accounts.read')
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
    expect(decodeJwt(tokens.id_token)).toMatchObject({ emails: ['plus@example.com'], tfp: 'B2C_1_reset' })
  })

  it('signs up a new person with a stable oid, kept across restarts', async () => {
    const signUp = async () => {
      const go = browser()
      const { interaction } = await authorize(go)
      await go(interaction)
      const back = await follow(go, await go(`${interaction}/login`, { method: 'POST', body: new URLSearchParams({ provider: 'GitHub', firstName: 'Nia', lastName: 'New', email: 'Nia.New@example.com' }) }))
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
