import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { apiVersion as sandboxApiVersion } from '@/server/local/sandbox/protocol'
import { stripeApiVersion } from '@/server/payments/stripe-client'

/** The Stripe API version the code asks in and the webhooks expect, written down where it is set (issue 48). */
describe("Stripe's API version", () => {
  it('is the one docs/deploying.md tells to set on the webhook endpoint', () => {
    const webhookStep = /4\. \*\*Webhook endpoint\*\*[\s\S]*?\n5\. /.exec(readFileSync('docs/deploying.md', 'utf8'))?.[0] ?? ''
    expect(webhookStep).toContain(`**Its API\n   version: \`${stripeApiVersion}\`**`)
  })

  it('is the one the payment sandbox renders its events in', () => {
    expect(sandboxApiVersion).toBe(stripeApiVersion)
  })
})
