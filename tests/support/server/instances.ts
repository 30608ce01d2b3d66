import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { exportJWK, generateKeyPair, SignJWT } from 'jose'
import pg from 'pg'
import Stripe from 'stripe'
import type { PriceId } from '@/common/plans'
import { sandboxPrices } from '@/server/local/seed'
import { createSandbox } from '@/server/local/sandbox'
import { priceCatalogue } from '@/server/payments/stripe-settings'
import { newSigningKeySetting } from '@/server/licensing/license-signing-keys'
import { heldAnswers } from './held-answers'
import { openMigratedPglite } from './migrated-pglite'
import { productionServerFile } from './production-server'
import { checkoutReturnAddresses } from '@/common/checkout-return'

/** A tenant as the API meets it: a discovery document, its JWKS, and tokens signed with its key. */
export async function startTenant() {
  const { privateKey, publicKey } = await generateKeyPair('RS256')
  const jwk = { ...(await exportJWK(publicKey)), kid: 'tenant-key-1', alg: 'RS256', use: 'sig' }
  const app = new Hono()
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' })
  await new Promise((resolve) => server.once('listening', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const issuer = `${origin}/tenant-id/v2.0/`
  const audience = 'prism-accounts-api-test'
  app.get('/b2c_1_susi/v2.0/.well-known/openid-configuration', (c) => c.json({ issuer, jwks_uri: `${origin}/b2c_1_susi/discovery/v2.0/keys`, id_token_signing_alg_values_supported: ['RS256'] }))
  app.get('/b2c_1_susi/discovery/v2.0/keys', (c) => c.json({ keys: [jwk] }))
  return {
    metadataUrl: `${origin}/b2c_1_susi/v2.0/.well-known/openid-configuration`,
    issuer,
    audience,
    /** An access token as B2C issues it for the API: oid, emails (verified), scp, the sign-in policy. */
    token: (person: { oid: string; email: string }, scp = 'accounts.read accounts.write') =>
      new SignJWT({ oid: person.oid, emails: [person.email], email_verified: true, scp, tfp: 'B2C_1_susi' })
        .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: 'JWT' })
        .setIssuer(issuer)
        .setAudience(audience)
        .setSubject(person.oid)
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(privateKey),
    close: () => new Promise((resolve) => server.close(resolve)),
  }
}

/** A schema of its own on the test PostgreSQL server, as a connection string. */
export async function freshDatabase(url: string, name: string) {
  const schema = `${name}_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  await client.query(`create schema "${schema}"`)
  await client.end()
  const address = new URL(url)
  address.searchParams.set('options', `-c search_path=${schema}`)
  return address.toString()
}

/** A built site as small as the server needs: its pages and its headers file. */
export function tinySite() {
  const dir = mkdtempSync(join(tmpdir(), 'prism-site-'))
  for (const page of ['index.html', 'app.html', '404.html']) writeFileSync(join(dir, page), `<!doctype html><title>${page}</title><p>${page}</p>`)
  writeFileSync(join(dir, '_headers'), '/*\n  X-Content-Type-Options: nosniff\n')
  return dir
}

export interface Instance {
  url: string
  process: ChildProcess
  /** Every log line the instance wrote, parsed. */
  lines: Record<string, unknown>[]
  exited: Promise<number | null>
  stop(): Promise<number | null>
}

/** The production server (server/production.ts, built as dist-server/ is) in a process of its own, started with only these variables. */
export async function startInstance(env: Record<string, string>, options: { keepLines?: boolean } = {}): Promise<Instance> {
  const child = spawn(process.execPath, [await productionServerFile('production')], { env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: '0', ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  const lines: Record<string, unknown>[] = []
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  let errors = ''
  child.stderr!.on('data', (chunk) => (errors += chunk))
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      try {
        const entry = JSON.parse(line) as Record<string, unknown>
        if (options.keepLines !== false) lines.push(entry)
        if (entry.msg === 'Prism portal listening') resolve(`http://127.0.0.1:${entry.port}`)
      } catch {
        lines.push({ text: line })
      }
    })
    void exited.then((code) => reject(new Error(`The instance exited (${code}) before listening: ${errors}${lines.map((line) => JSON.stringify(line)).join('\n')}`)))
  })
  return {
    url,
    process: child,
    lines,
    exited,
    stop: () => {
      child.kill('SIGTERM')
      return exited
    },
  }
}

/** A call to an instance's accounts API with a bearer token: its status and JSON body (null when it has none). */
export async function callInstance(url: string, token: string, method: string, path: string, body?: unknown) {
  const answer = await fetch(`${url}/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: answer.status, body: (await answer.json().catch(() => null)) as Record<string, unknown> }
}

/**
 * Stripe as the instances meet it: the sandbox's REST API on a port of its own; its webhooks are
 * kept for the test to deliver, or, with `deliverTo`, delivered as Stripe does to the instance it
 * names at each attempt (the load balancer's choice), again after a failure. `unitAmounts` makes a
 * plan's price charge another amount than the site shows.
 */
export async function startStripe(options: { unitAmounts?: Partial<Record<PriceId, number>>; deliverTo?: () => string } = {}) {
  const db = await openMigratedPglite()
  const deliveries: string[] = []
  const holder: { sandbox?: ReturnType<typeof createSandbox> } = {}
  const held = heldAnswers()
  const server = serve({ fetch: (request) => held.pass(request, (passed) => holder.sandbox!.app.fetch(passed)), port: 0, hostname: '127.0.0.1' })
  await new Promise((resolve) => server.once('listening', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const prices = { STRIPE_PRICE_COMMUNITY: 'price_community', STRIPE_PRICE_COMMERCIAL: 'price_commercial', STRIPE_PRICE_COMMERCIAL_PLUS: 'price_commercial_plus' }
  const catalogue = priceCatalogue(prices)
  const webhookSecret = 'whsec_production_test'
  holder.sandbox = createSandbox({
    db,
    origin,
    secretKey: 'sk_test_sandbox_local',
    publishableKey: 'pk_test_sandbox_local',
    prices: sandboxPrices(catalogue).map((price) => {
      const unitAmount = options.unitAmounts?.[catalogue.planOf(price.id)!]
      return unitAmount === undefined ? price : { ...price, unitAmount }
    }),
    webhook: { url: 'http://127.0.0.1:9/unused', secret: webhookSecret },
    deliver: async (_url, request) => {
      deliveries.push(request.body)
      if (!options.deliverTo) return { status: 200 }
      const answer = await fetch(`${options.deliverTo()}/api/stripe/webhook`, { method: 'POST', headers: request.headers, body: request.body })
      await answer.body?.cancel()
      return { status: answer.status }
    },
    retry: { baseDelayMs: 100, maxAttempts: 10 },
  })
  const sandbox = holder.sandbox
  return {
    origin,
    deliveries,
    sandbox,
    /** The sandbox's own tables: a test seeds them (the demo's customers) as the local stack's shared database has them. */
    db,
    /** The instances' Stripe settings. */
    env: { STRIPE_SECRET_KEY: 'sk_test_sandbox_local', STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_BASE: origin, ...prices },
    /** Signs an event body as Stripe signs its deliveries. */
    sign: (body: string) => new Stripe('sk_test_sandbox_local').webhooks.generateTestHeaderString({ payload: body, secret: webhookSecret }),
    /** Holds back the sandbox's answer to the next request that matches (held-answers.ts). */
    holdAnswer: held.hold,
    /** Pays a checkout on the hosted page with 4242. */
    pay: async (sessionId: string) => {
      const answer = await fetch(`${origin}/sandbox/checkout/${sessionId}/pay`, {
        method: 'POST',
        redirect: 'manual',
        body: new URLSearchParams({ number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Buyer', country: 'US' }),
      })
      await answer.body?.cancel()
      await sandbox.webhooks.drain()
    },
    close: async () => {
      sandbox.webhooks.stop()
      await new Promise((resolve) => server.close(resolve))
      await db.close()
    },
  }
}

/** The production instances' site (PUBLIC_ORIGIN). */
export const portalOrigin = 'https://portal.example.com'
/** Where a checkout asked of an instance returns: Manage Licenses, paid or not, as the SPA asks it (common/checkout-return.ts). */
export const backToPortal = checkoutReturnAddresses(`${portalOrigin}/account/licenses`)

/**
 * Everything a production instance needs, on a schema of its own, against this tenant and this
 * Stripe. Its mail server answers nowhere unless `extra` names one (SMTP_URL): mail stays queued.
 */
export async function productionEnv(
  databaseUrl: string,
  name: string,
  tenant: Awaited<ReturnType<typeof startTenant>>,
  stripe: Awaited<ReturnType<typeof startStripe>>,
  extra: Record<string, string> = {},
) {
  return {
    DATABASE_URL: await freshDatabase(databaseUrl, name),
    PUBLIC_ORIGIN: portalOrigin,
    DIST_DIR: tinySite(),
    AUTH_METADATA_URL: tenant.metadataUrl,
    AUTH_ISSUER: tenant.issuer,
    AUTH_AUDIENCE: tenant.audience,
    DISCORD_INVITE_URL: 'https://discord.gg/prism',
    SMTP_URL: 'smtp://127.0.0.1:9',
    LICENSE_SIGNING_KEYS: JSON.stringify([newSigningKeySetting(new Date(0))]),
    ...stripe.env,
    ...extra,
  }
}
