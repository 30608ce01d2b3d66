import { describe, expect, it } from 'vitest'
import { createStripeGateway } from '@/server/payments/gateway'
import { priceCatalogue } from '@/server/payments/stripe-settings'
import { databases, goodCard, saveCard, useSandbox, webhookSecret } from './harness'

/**
 * Every call of the accounts API's Stripe gateway, through the official SDK, against the sandbox:
 * the harness's recorder checks each request it sends (path, method, form parameters) and each
 * answer against Stripe's API description, and close() fails on a disagreement.
 */
const prices = priceCatalogue({ STRIPE_PRICE_COMMUNITY: 'community', STRIPE_PRICE_COMMERCIAL: 'commercial', STRIPE_PRICE_COMMERCIAL_PLUS: 'commercial-plus' })
const urls = { successUrl: 'https://localhost:5173/account/licenses?session_id={CHECKOUT_SESSION_ID}', cancelUrl: 'https://localhost:5173/account/licenses' }

describe.each(databases)("the gateway's requests to the sandbox on $name", ({ open }) => {
  const sandbox = useSandbox(open)

  it('drives every gateway call, each request and answer as Stripe describes them', async () => {
    const t = sandbox()
    const gateway = createStripeGateway(t.stripe, prices, webhookSecret)
    const driven = new Set<string>()
    const g = new Proxy(gateway, {
      get: (target, key: string) => {
        driven.add(key)
        return target[key as keyof typeof target]
      },
    })
    const account = { oid: 'oid-gateway', email: 'gateway@example.com', name: 'Gail Gateway' }
    const customerId = await g.findOrCreateCustomer(account)
    expect(await g.findOrCreateCustomer(account)).toBe(customerId)

    const checkout = { customerId, accountOid: account.oid, priceId: 'commercial' as const, quantity: 2, expiresAt: new Date(Date.now() + 35 * 60_000), ...urls }
    const first = await g.createCheckoutSession({ ...checkout, idempotencyKey: 'gateway-checkout' })
    expect(await g.checkoutSession(first.sessionId)).toMatchObject({ customerId, status: 'open' })
    expect((await t.submit(`${new URL(first.url).pathname}/pay`, { country: 'US', ...goodCard })).status).toBe(303)
    const paid = await g.checkoutSession(first.sessionId)
    expect(paid).toMatchObject({ customerId, status: 'complete', paymentStatus: 'paid', subscriptionId: expect.stringMatching(/^sub_/) })
    expect(await g.checkoutSession('cs_test_missing')).toBeNull()
    const subscriptionId = paid!.subscriptionId!

    expect(await g.createPortalSession({ customerId, returnUrl: 'https://localhost:5173/account', idempotencyKey: 'gateway-portal' })).toMatchObject({
      url: expect.stringContaining('/sandbox/portal/'),
    })
    const form = await g.setupIntentFor(customerId)
    expect(form).toEqual({ clientSecret: expect.stringMatching(/^seti_/) })
    expect(await g.setupIntentFor(customerId)).toEqual(form)
    expect(await g.subscriptionState(subscriptionId)).toMatchObject({ priceId: 'commercial', quantity: 2 })
    expect(await g.defaultCard(customerId)).toEqual({ brand: 'visa', last4: '4242' })

    const card = await saveCard(t, customerId, '5555555555554444')
    expect(await g.saveDefaultPaymentMethod({ customerId, paymentMethodId: card, idempotencyKey: 'gateway-card' })).toEqual({ brand: 'mastercard', last4: '4444' })
    expect(await g.defaultCard(customerId)).toEqual({ brand: 'mastercard', last4: '4444' })

    const preview = await g.previewChange({ customerId, subscriptionId, priceId: 'commercial-plus', quantity: 3 })
    expect(preview.amountDue).toBeGreaterThan(0)
    expect(await g.changeSubscription({ subscriptionId, priceId: 'commercial-plus', quantity: 3, idempotencyKey: 'gateway-change' })).toMatchObject({ priceId: 'commercial-plus', quantity: 3 })

    // The reads of reconciliation and the start's price check.
    expect(await g.readSubscription(subscriptionId)).toMatchObject({ stripeSubscriptionId: subscriptionId, priceId: 'commercial-plus', quantity: 3 })
    expect(await g.readSubscription('sub_missing')).toBeNull()
    expect((await g.openSubscriptions()).map((subscription) => subscription.stripeSubscriptionId)).toContain(subscriptionId)
    expect(await g.priceTerms('commercial')).toEqual({ unitAmount: 29_900, currency: 'usd', interval: 'year', intervalCount: 1 })
    expect(await g.priceTerms('price_missing')).toBeNull()

    // Company details and invoices (decision 0025): saved on the customer, read back, and the invoices listed.
    const company = {
      legalName: 'Gateway GmbH',
      address: { line1: 'Hauptstraße 1', line2: '', city: 'Berlin', postalCode: '10115', state: '', country: 'DE' },
      taxId: { type: 'eu_vat' as const, value: 'DE123456789' },
    }
    expect(await g.saveCompanyDetails(customerId, company, 'gateway-company')).toEqual(company)
    expect(await g.companyDetails(customerId)).toEqual(company)
    expect((await g.invoices(customerId)).length).toBeGreaterThan(0)
    // The organisation's billing contact's email on the customer (decision 0041).
    await g.setCustomerEmail(customerId, 'contact@gateway.example.com', 'gateway-contact')
    expect((await t.stripe.customers.retrieve(customerId)) as { email: string }).toMatchObject({ email: 'contact@gateway.example.com' })
    // The renewal's seats through a subscription schedule, then auto-renew off and on.
    expect(await g.scheduleRenewalSeats({ subscriptionId, seats: 2, idempotencyKey: 'gateway-renewal-seats' })).toMatch(/^sub_sched_/)
    expect(await g.setAutoRenew({ subscriptionId, autoRenew: false, idempotencyKey: 'gateway-auto-renew-off' })).toMatchObject({ cancelAtPeriodEnd: true })
    expect(await g.setAutoRenew({ subscriptionId, autoRenew: true, idempotencyKey: 'gateway-auto-renew-on' })).toMatchObject({ cancelAtPeriodEnd: false })

    // Buying by invoice (decision 0045): a sent invoice with the PO, due in 30 days, awaiting payment.
    const byInvoice = await g.createInvoiceSubscription({ customerId, accountOid: account.oid, priceId: 'commercial', quantity: 2, poNumber: 'PO-4711', idempotencyKey: 'gateway-invoice-order' })
    expect(byInvoice.invoice).toMatchObject({ total: 59_800, pdfUrl: expect.stringContaining('/sandbox/invoices/') })
    expect(await g.readSubscription(byInvoice.subscriptionId)).toMatchObject({ status: 'active', paymentDueAt: new Date(byInvoice.invoice.dueDate) })
    // Its renewal invoiced ahead (decision 0056): made once, found again; none for another renewal date.
    const renewal = {
      id: 'sub_portal',
      stripeSubscriptionId: byInvoice.subscriptionId,
      priceId: 'commercial' as const,
      seats: 2,
      renewsAt: (await g.readSubscription(byInvoice.subscriptionId))!.currentPeriodEnd,
    }
    const ahead = await g.invoiceRenewalAhead(renewal)
    expect(ahead).toMatchObject({ total: 59_800, pdfUrl: expect.stringContaining('/sandbox/invoices/') })
    expect(await g.invoiceRenewalAhead(renewal)).toEqual(ahead)
    expect(await g.invoiceRenewalAhead({ ...renewal, renewsAt: new Date(renewal.renewsAt.getTime() + 1000) })).toBeNull()
    // Seats added to it (decision 0046): found as the plan's invoiced subscription, raised, invoiced at once.
    const invoiced = await g.invoicedSubscriptionOf(customerId, 'commercial')
    expect(invoiced).toMatchObject({ subscriptionId: byInvoice.subscriptionId, quantity: 2 })
    const added = await g.addInvoicedSeats({ subscriptionId: invoiced!.subscriptionId, itemId: invoiced!.itemId, quantity: 3, poNumber: 'PO-4712', idempotencyKey: 'gateway-invoice-seats' })
    expect(added.state).toMatchObject({ quantity: 3 })
    expect(await g.latestInvoiceOf(byInvoice.subscriptionId)).toEqual(added.invoice)

    // A quote (decision 0055): made and finalised, listed, its PDF, accepted into a subscription collected by invoice.
    const quote = await g.createQuote({ customerId, accountOid: account.oid, priceId: 'commercial', quantity: 2, poNumber: 'PO-4713', idempotencyKey: 'gateway-quote' })
    expect(quote).toMatchObject({ status: 'open', total: 59_800, subscriptionId: null })
    expect((await g.quoteStates(customerId)).get(quote.id)).toEqual(quote)
    expect((await g.quotePdf(quote.id)).subarray(0, 5).toString()).toBe('%PDF-')
    const quoted = await g.acceptQuote({ quoteId: quote.id, customerId, idempotencyKey: 'gateway-quote-accept' })
    expect(await g.quoteState(quote.id)).toMatchObject({ status: 'accepted', subscriptionId: quoted })
    expect(await g.readSubscription(quoted)).toMatchObject({ priceId: 'commercial', quantity: 2 })

    // A trial without a card (decision 0047): made, extended once, ended.
    const trialId = await g.startTrial({ customerId, accountOid: account.oid, idempotencyKey: 'gateway-trial' })
    const trialEnd = new Date(Math.floor(Date.now() / 1000 + 44 * 86_400) * 1000)
    await g.extendTrial({ subscriptionId: trialId, trialEnd, idempotencyKey: 'gateway-trial-extension' })
    expect(await g.readSubscription(trialId)).toMatchObject({ status: 'trialing', trialEnd })
    await g.endTrial(trialId, 'gateway-trial-end')
    expect(await g.readSubscription(trialId)).toMatchObject({ status: 'canceled' })
    // The same calls for one caller, taking its lane's slots (decision 0051).
    expect(await g.as({ lane: 'jobs' }).readSubscription(byInvoice.subscriptionId)).toMatchObject({ status: 'active' })

    // Not a request: the sandbox's own signed delivery, read as the webhook route reads it.
    await t.sandbox.webhooks.drain()
    const delivery = t.deliveries.find((candidate) => candidate.body.includes('"customer.subscription.updated"'))!
    expect(g.verifyEvent(Buffer.from(delivery.body), delivery.headers['Stripe-Signature']!)).toMatchObject({ event: { type: 'customer.subscription.updated', subscriptionId } })

    // A call added to the gateway must be driven here too.
    expect([...driven].sort()).toEqual(Object.keys(gateway).sort())
    expect(t.recorder.checked.filter((entry) => entry.problems.length > 0)).toEqual([])
  })
})
