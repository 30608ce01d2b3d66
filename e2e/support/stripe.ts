import { readFileSync } from 'node:fs'
import { expect } from '@playwright/test'
import type Stripe from 'stripe'
import { oidForEmail } from '@/server/local/identity/people'
import { trustingAgent } from '@/server/local/trusting-fetch'
import { createStripeClient } from '@/server/payments/stripe-client'
import { baseURL, stackDataDir } from '@/playwright.config'

/** Stripe's SDK against the stack under test, as its server uses it (the local stack's secret key and certificate). */
export function stackStripe(): Stripe {
  return createStripeClient({ secretKey: 'sk_test_sandbox_local', apiBase: baseURL, agent: trustingAgent(readFileSync(`${stackDataDir}/tls-cert.pem`, 'utf8')) })
}

/**
 * Prepares, before a person signs up, their payment customer on a test clock of its own, as
 * Stripe's docs do for testing renewals: the portal finds the account's customer by email and
 * account id, so what the person then buys lives on that clock.
 */
export async function customerOnTestClock(stripe: Stripe, email: string, frozenTime = Math.floor(Date.now() / 1000)) {
  const clock = await stripe.testHelpers.testClocks.create({ frozen_time: frozenTime, name: email })
  const customer = await stripe.customers.create({ email, test_clock: clock.id, metadata: { accountOid: oidForEmail(email) } })
  return { clockId: clock.id, customerId: customer.id, frozenTime }
}

/** Moves the clock and waits until Stripe has finished advancing it. */
export async function advanceClock(stripe: Stripe, clockId: string, frozenTime: number) {
  await stripe.testHelpers.testClocks.advance(clockId, { frozen_time: frozenTime })
  await expect.poll(async () => (await stripe.testHelpers.testClocks.retrieve(clockId)).status, { message: `Test clock ${clockId} finished advancing`, timeout: 15_000 }).toBe('ready')
}
