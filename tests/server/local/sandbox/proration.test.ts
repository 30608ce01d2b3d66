import { describe, expect, it } from 'vitest'
import type Stripe from 'stripe'
import { databases, subscribe, useSandbox } from './harness'

/**
 * The sandbox's invoice preview (POST /v1/invoices/create_preview) prorates as Stripe documents it:
 * to the second, on the subscription item's current period, a credit for the unused time of the old
 * price × quantity and a charge for the remaining time of the new one, each line rounded to the
 * cent. The amounts below are worked out by hand from the dates, not by the sandbox's code.
 */

const utc = (iso: string) => Date.parse(iso) / 1000

describe.each(databases)('proration in the sandbox on $name', ({ open }) => {
  const sandbox = useSandbox(open)

  /** A yearly subscription bought at `start`, and the preview of a change made at `at` (the clock advanced there). */
  async function change(input: { start: string; at: string; quantity: number; to: { price: string; quantity: number } }) {
    const t = sandbox()
    const { subscription, clock, customer } = await subscribe(t, { quantity: input.quantity, frozenTime: utc(input.start) })
    await t.stripe.testHelpers.testClocks.advance(clock!.id, { frozen_time: utc(input.at) })
    const item = subscription!.items.data[0]!
    const details = { items: [{ id: item.id, price: input.to.price, quantity: input.to.quantity }], proration_behavior: 'always_invoice' as const }
    const preview = await t.stripe.invoices.createPreview({ customer: customer.id, subscription: subscription!.id, subscription_details: details })
    return { preview, subscription: subscription!, details }
  }
  const amounts = (invoice: Stripe.Invoice) => invoice.lines.data.map((line) => line.amount)

  it('upgrades two seats to Commercial Plus a quarter into the year, and the update charges the previewed amount', async () => {
    const { preview, subscription, details } = await change({ start: '2027-01-01T00:00:00Z', at: '2027-04-01T00:00:00Z', quantity: 2, to: { price: 'commercial-plus', quantity: 2 } })
    // Period 1 Jan 2027 → 1 Jan 2028: 365 days; from 1 April, 275 days left (30+31+30+31+31+30+31+30+31).
    // Credit: 2 × $299 = 59 800 ¢ × 275/365 = 45 054.79 → -45 055.
    // Charge: 2 × $499 = 99 800 ¢ × 275/365 = 75 191.78 → 75 192. Due: 75 192 − 45 055 = 30 137.
    expect(amounts(preview)).toEqual([-45_055, 75_192])
    expect(preview).toMatchObject({ amount_due: 30_137, total: 30_137, billing_reason: 'subscription_update' })
    expect(preview.id).toMatch(/^upcoming_in_/)
    expect(preview.lines.data.map((line) => line.period)).toEqual([
      { start: utc('2027-04-01T00:00:00Z'), end: utc('2028-01-01T00:00:00Z') },
      { start: utc('2027-04-01T00:00:00Z'), end: utc('2028-01-01T00:00:00Z') },
    ])
    const updated = await sandbox().stripe.subscriptions.update(subscription.id, { ...details, payment_behavior: 'error_if_incomplete', expand: ['latest_invoice'] })
    const invoice = updated.latest_invoice as Stripe.Invoice
    expect(amounts(invoice)).toEqual([-45_055, 75_192])
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: 30_137 })
  })

  it('lowers five seats to three: a credit, nothing due', async () => {
    const { preview } = await change({ start: '2027-01-01T00:00:00Z', at: '2027-04-01T00:00:00Z', quantity: 5, to: { price: 'commercial', quantity: 3 } })
    // 275 of 365 days left. Credit: 5 × 29 900 = 149 500 ¢ × 275/365 = 112 636.99 → -112 637.
    // Charge: 3 × 29 900 = 89 700 ¢ × 275/365 = 67 582.19 → 67 582. Total: -45 055, due 0.
    expect(amounts(preview)).toEqual([-112_637, 67_582])
    expect(preview).toMatchObject({ total: -45_055, amount_due: 0 })
  })

  it('counts the seconds: a seat added at noon on 29 February of a leap year', async () => {
    const { preview } = await change({ start: '2028-01-01T00:00:00Z', at: '2028-02-29T12:00:00Z', quantity: 1, to: { price: 'commercial', quantity: 2 } })
    // Period 1 Jan 2028 → 1 Jan 2029: 366 days = 31 622 400 s. From 29 Feb 12:00 (59.5 days in),
    // 306.5 days = 26 481 600 s are left: 306.5/366.
    // Credit: 29 900 ¢ × 306.5/366 = 25 039.21 → -25 039. Charge: 59 800 ¢ × 306.5/366 = 50 078.42 → 50 078.
    // Due: 50 078 − 25 039 = 25 039 (whole days, 306 or 307 left, would give 24 999 or 25 080).
    expect(amounts(preview)).toEqual([-25_039, 50_078])
    expect(preview.amount_due).toBe(25_039)
  })
})
