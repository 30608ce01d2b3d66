import http from 'node:http'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { licensingKeysPath } from '@/common/api-paths'
import { demoPeople } from '@/server/local/demo-accounts'
import { signingKeyOf, type SigningKeySetting } from '@/server/licensing/license-signing-keys'
import { startInstance } from '@/tests/support/server/instances'
import { useProductionStack } from '@/tests/support/server/production-stack'

const databaseUrl = process.env.TEST_DATABASE_URL
const cara = demoPeople.find((person) => person.email === 'commercial@example.com')!

// Production needs a PostgreSQL server: CI starts one (scripts/ci-postgres.sh); without it these are skipped.
describe.skipIf(!databaseUrl)('production mode (server/production.ts) on PostgreSQL', () => {
  const stack = useProductionStack('production')

  it('mounts no identity provider, payment sandbox, Stripe API or demo sign-in: 404', async () => {
    for (const path of ['/idp/B2C_1_susi/v2.0/.well-known/openid-configuration', '/idp/b2c_1_susi/interaction/demo', '/sandbox/checkout/cs_test_1', '/sandbox/stripe.js', '/v1/customers']) {
      const answer = await fetch(`${stack.instance.url}${path}`)
      expect(answer.status, path).toBe(404)
    }
    expect((await fetch(`${stack.instance.url}/v1/customers`, { method: 'POST', headers: { Authorization: 'Bearer sk_test_sandbox_local' } })).status).toBe(404)
  })

  it('is healthy and ready once migrated, and seeds nothing', async () => {
    const healthy = await fetch(`${stack.instance.url}/healthz`)
    expect(await healthy.json()).toEqual({ status: 'ok' })
    expect(healthy.headers.get('x-content-type-options')).toBe('nosniff')
    expect(healthy.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'")
    const ready = await fetch(`${stack.instance.url}/readyz`)
    expect(ready.status).toBe(200)
    expect(await ready.json()).toMatchObject({ status: 'ready' })
    const caller = await fetch(`${stack.instance.url}/api/account/`, { headers: { Authorization: `Bearer ${await stack.tenant.token(cara)}` } })
    expect(caller.status, 'no demo account exists in production').toBe(404)
  })

  it('stays ready after a newer build migrates the database further (a rolling deployment)', async () => {
    // The instance's own schema (its DATABASE_URL names it), as the newer build would leave it.
    const db = new pg.Client({ connectionString: stack.env.DATABASE_URL })
    await db.connect()
    try {
      await db.query("insert into schema_migrations (version, name) values (999, 'a newer build')")
      expect((await fetch(`${stack.instance.url}/readyz`)).status).toBe(200)
      await db.query('delete from schema_migrations where version = 999')
    } finally {
      await db.end()
    }
  })

  it("answers the tenant's tokens, names each request in a header and a log line, and logs no token", async () => {
    const token = await stack.tenant.token(cara)
    const login = await fetch(`${stack.instance.url}/api/auth/login`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ firstName: 'Cara', lastName: 'Commercial', email: cara.email, oid: cara.oid }),
    })
    expect(login.status).toBe(200)
    const requestId = login.headers.get('x-request-id')
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/)
    expect((await fetch(`${stack.instance.url}/api/licenses`, { headers: { Authorization: 'Bearer not-a-token' } })).status).toBe(401)
    await expect
      .poll(() => stack.instance.lines.find((line) => (line.req as { id?: string } | undefined)?.id === requestId))
      .toMatchObject({ req: { method: 'POST', path: '/api/auth/login' }, res: { status: 200 }, oid: cara.oid })
    expect(stack.instance.lines.find((line) => (line.req as { id?: string } | undefined)?.id === requestId)).toHaveProperty('durationMs')
    expect(JSON.stringify(stack.instance.lines)).not.toContain(token)
  })

  it('finishes a request in flight when told to stop, then exits 0', async () => {
    const other = await startInstance(stack.env)
    // A webhook whose body comes in two parts: the server has the request (it asked for the body with
    // '100 Continue'), is told to stop, and says it is finishing the requests in flight; only then
    // does the rest of the body come.
    const answer = new Promise<number>((resolve, reject) => {
      const request = http.request(`${other.url}/api/stripe/webhook`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': 't=1,v1=00', Expect: '100-continue' },
      })
      request.on('response', (response) => {
        response.resume()
        resolve(response.statusCode!)
      })
      request.on('error', reject)
      request.on('continue', () => {
        request.write('{"id":"evt_slow",')
        other.process.kill('SIGTERM')
        void expect
          .poll(() => other.lines.some((line) => line.msg === 'shutting down: finishing the requests in flight'))
          .toBe(true)
          .then(() => request.end('"object":"event"}'), reject)
      })
      request.flushHeaders()
    })
    expect(await answer, 'the slow request got its answer (a refused signature)').toBe(400)
    expect(await other.exited).toBe(0)
  })

  it('refuses to start without a required setting: exits 1, naming it', async () => {
    const { DATABASE_URL: _left, ...rest } = stack.env
    await expect(startInstance(rest)).rejects.toThrow(/exited \(1\) before listening: The server cannot start:\s+DATABASE_URL is required/)
  })

  it('refuses to start without its license signing keys, naming the setting', async () => {
    const { LICENSE_SIGNING_KEYS: _left, ...rest } = stack.env
    await expect(startInstance(rest)).rejects.toThrow(/exited \(1\) before listening: The server cannot start:\s+LICENSE_SIGNING_KEYS is required/)
  })

  it("publishes the configured key's public half at /.well-known/prism/licensing-keys.json, cacheable, and logs no private key", async () => {
    const answer = await fetch(`${stack.instance.url}${licensingKeysPath}`)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('cache-control')).toBe('public, max-age=3600')
    const [configured] = JSON.parse(stack.env.LICENSE_SIGNING_KEYS!) as SigningKeySetting[]
    const { kid, publicJwk } = signingKeyOf(configured!)
    expect(await answer.json()).toEqual({ keys: [{ ...publicJwk, kid, alg: 'ES256', use: 'sig' }] })
    const privateLine = configured!.privateKey.split('\n')[1]!
    expect(JSON.stringify(stack.instance.lines)).not.toContain(privateLine)
  })

  it('refuses an unknown LOG_LEVEL in words, not with a stack trace from the logger', async () => {
    await expect(startInstance({ ...stack.env, LOG_LEVEL: 'verbose' })).rejects.toThrow(/exited \(1\) before listening: The server cannot start:\s+LOG_LEVEL must be one of/)
  })
})
