import { Hono } from 'hono'
import { routes } from './api/routes'
import { createApiApp } from './api/router'
import type { Core, SandboxBehaviour } from './context'
import { createHostedApp } from './hosted'
import type { SandboxOptions } from './options'
import { createWebhooks, type Webhooks } from './webhooks'

export type { SandboxOptions, SandboxPrice } from './options'
export type { SandboxBehaviour } from './context'
export { fetchDelivery, signature as webhookSignature } from './webhooks'

/**
 * The local stand-in for Stripe's servers: Stripe's REST API at /v1 (for the official SDK), the
 * hosted checkout and customer portal and the sandbox's Stripe.js under /sandbox, and webhooks
 * delivered like Stripe's. Mount `app` at the root of the origin. `behaviour` may be changed while it
 * runs (a test of what the portal does if Stripe behaves otherwise).
 */
export function createSandbox(options: SandboxOptions): { app: Hono; webhooks: Pick<Webhooks, 'drain' | 'stop' | 'sleepingMs'>; behaviour: SandboxBehaviour } {
  const behaviour: SandboxBehaviour = { manualInvoiceOverdueMakesPastDue: true }
  const core: Core = { origin: options.origin.replace(/\/$/, ''), prices: options.prices, behaviour }
  const webhooks = createWebhooks({ db: options.db, url: options.webhook.url, secret: options.webhook.secret, deliver: options.deliver, retry: options.retry })
  const afterWrite = () => webhooks.kick()
  const app = new Hono()
  app.route('/', createApiApp({ db: options.db, core, secretKey: options.secretKey, publishableKey: options.publishableKey, afterWrite }, routes))
  app.route('/', createHostedApp({ db: options.db, core, afterWrite }))
  return { app, webhooks: { drain: () => webhooks.drain(), stop: () => webhooks.stop(), sleepingMs: () => webhooks.sleepingMs() }, behaviour }
}
