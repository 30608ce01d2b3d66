import type { IncomingMessage } from 'node:http'
import * as v from 'valibot'
import { expect, it } from 'vitest'
import { invoiceOrderSchema, quoteSchema, quotesSchema, renewalsSchema, type InvoiceOrderRequest } from '@/common/billing-contract'
import { licensesSchema } from '@/common/contract'
import { invoiceRenewalsAhead, markRenewalsOverdue } from '@/server/payments/renewal-invoicing'
import { syncSubscription } from '@/server/payments/subscription-sync'
import { describeApi } from '@/tests/support/server/api-fixture'
import { signIn } from '@/tests/support/server/organisation'
import { outbox } from '@/tests/server/mail/harness'
import { pdfText } from '@/testkit/pdf-text'

const quinn = { email: 'quinn@example.com', oid: 'oid-quinn@example.com' }
const nora = { email: 'nolicense@example.com', oid: '8f1c6a52-0b5e-4c53-9a0c-1d1b7c1e0001' }
const T0 = Date.parse('2027-03-01T00:00:00Z') / 1000
const DAY = 86_400

const order: InvoiceOrderRequest = {
  priceId: 'commercial',
  quantity: 5,
  company: { legalName: 'Northwind Traders Inc.', address: { line1: '1 Harbor Way', line2: '', city: 'Seattle', postalCode: '98101', state: 'WA', country: 'US' }, taxId: null },
  poNumber: 'PO-4711',
}

describeApi('buying by invoice on $name', (api) => {
  /** Nora's payment customer made beforehand on a test clock of her own, as findOrCreateCustomer then finds it. */
  async function customerOnClock() {
    const clock = await api.stripe.testHelpers.testClocks.create({ frozen_time: T0 })
    await api.stripe.customers.create({ email: nora.email, name: 'Nora Nolicense', metadata: { accountOid: nora.oid }, test_clock: clock.id })
    return clock
  }
  const licenses = async () => v.parse(licensesSchema, (await api.call(nora.email, 'GET', '/licenses')).body)
  const subscriptionCount = async () => (await api.db.query<{ n: number }>('select count(*)::int as n from subscriptions where owner_oid = $1', [nora.oid]))[0]!.n

  it('orders 5 seats by invoice with PO-4711: awaiting payment until the due date, seats assignable at once, the PDF with the PO and the bank details; past due after it, active once paid', async () => {
    const clock = await customerOnClock()
    const answer = await api.call(nora.email, 'POST', '/stripe/invoice-orders', order)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    const placed = v.parse(invoiceOrderSchema, answer.body)
    expect(placed.invoice).toMatchObject({ total: 149_500, dueDate: new Date((T0 + 30 * DAY) * 1000).toISOString() })
    const [own] = await licenses()
    expect(own).toMatchObject({ subscription: 'Commercial', status: 'awaiting-payment', paymentDueDate: placed.invoice.dueDate })
    const stats = (await api.call(nora.email, 'GET', '/account/stats')).body
    expect(stats).toMatchObject({ purchased: 5, assigned: 1, available: 4 })
    expect((await api.call(nora.email, 'POST', '/licenses/assign', { firstName: 'Dana', lastName: 'Dev', email: 'dana@northwind.example' })).status).toBe(200)
    // Manage Licenses' renewal panel says the same of the subscription.
    expect((await api.call(nora.email, 'GET', '/renewals')).body).toEqual([expect.objectContaining({ seats: 5, paymentDueDate: placed.invoice.dueDate })])

    const text = pdfText(Buffer.from(await (await fetch(placed.invoice.pdfUrl!)).arrayBuffer()))
    const customer = (await api.stripe.customers.list({ email: nora.email })).data[0]!
    const funding = await api.stripe.customers.createFundingInstructions(customer.id, { bank_transfer: { type: 'us_bank_transfer' }, currency: 'usd', funding_type: 'bank_transfer' })
    const account = funding.bank_transfer.financial_addresses[0]!.aba!
    for (const words of ['PO number: PO-4711', 'Northwind Traders Inc.', `Account number: ${account.account_number}`, `Routing number (ACH, wire): ${account.routing_number}`])
      expect(text).toContain(words)

    await api.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: T0 + 31 * DAY })
    await api.sandbox.webhooks.drain()
    expect((await licenses())[0]).toMatchObject({ status: 'payment-due' })
    // Past due keeps the seats held, and gives no new ones (the existing past-due path).
    expect((await api.call(nora.email, 'POST', '/licenses/assign', { firstName: 'Eve', lastName: 'Dev', email: 'eve@northwind.example' })).status).toBe(409)

    const subscription = await api.stripe.subscriptions.retrieve(placed.subscriptionId)
    await api.stripe.invoices.pay(String(subscription.latest_invoice), { paid_out_of_band: true })
    await api.sandbox.webhooks.drain()
    expect((await licenses())[0]).toMatchObject({ status: 'active' })
    expect((await licenses())[0]!.paymentDueDate ?? null).toBeNull()
    expect((await api.call(nora.email, 'GET', '/renewals')).body).toEqual([expect.not.objectContaining({ paymentDueDate: expect.anything() })])
  })

  it("lets the package feed in with a Commercial Plus seat's key while its invoice awaits payment", async () => {
    const dev = 'dev1@example.com'
    expect((await api.call(dev, 'POST', '/stripe/invoice-orders', { ...order, priceId: 'commercial-plus', quantity: 1 })).status).toBe(200)
    const plus = v.parse(licensesSchema, (await api.call(dev, 'GET', '/licenses')).body).find((license) => license.priceId === 'commercial-plus')!
    expect(plus.status).toBe('awaiting-payment')
    const incoming = { incoming: { headers: {}, socket: { remoteAddress: '192.0.2.1' } } as unknown as IncomingMessage }
    const authorization = `Basic ${Buffer.from(`${dev}:${plus.licenseKey}`).toString('base64')}`
    expect((await api.app.request('/api/feed/authorize', { headers: { Authorization: authorization } }, incoming)).status).toBe(204)
  })

  it('makes one subscription of two presses at once (one idempotency key), and another for the same order made again later', async () => {
    const before = await subscriptionCount()
    const [first, second] = await Promise.all([api.call(nora.email, 'POST', '/stripe/invoice-orders', order), api.call(nora.email, 'POST', '/stripe/invoice-orders', order)])
    expect([first.status, second.status]).toEqual([200, 200])
    expect((first.body as { subscriptionId: string }).subscriptionId).toBe((second.body as { subscriptionId: string }).subscriptionId)
    expect(await subscriptionCount()).toBe(before + 1)
    expect((await api.call(nora.email, 'POST', '/stripe/invoice-orders', order)).status).toBe(200)
    expect(await subscriptionCount()).toBe(before + 2)
  })

  it("adds seats by invoice on the subscription already collected by invoice: one new invoice for the added seats with this order's PO, two presses at once add once", async () => {
    const placed = v.parse(invoiceOrderSchema, (await api.call(nora.email, 'POST', '/stripe/invoice-orders', order)).body)
    const quantity = async () => (await api.stripe.subscriptions.retrieve(placed.subscriptionId)).items.data[0]!.quantity
    const before = { subscriptions: await subscriptionCount(), seats: await quantity() }
    const more = { ...order, quantity: 2, poNumber: 'PO-4712' }
    const presses = await Promise.all([api.call(nora.email, 'POST', '/stripe/invoice-orders/seats', more), api.call(nora.email, 'POST', '/stripe/invoice-orders/seats', more)])
    expect(presses.map((press) => press.status)).toEqual([200, 200])
    const [added, again] = presses.map((press) => v.parse(invoiceOrderSchema, press.body))
    expect(added!.subscriptionId).toBe(placed.subscriptionId)
    expect(again!.invoice.number).toBe(added!.invoice.number)
    expect(added!.invoice.number).not.toBe(placed.invoice.number)
    expect(await quantity()).toBe(before.seats! + 2)
    expect(await subscriptionCount()).toBe(before.subscriptions)
    expect(added!.invoice.total).toBeGreaterThan(0)
    expect(added!.invoice.total).toBeLessThanOrEqual(2 * 29_900)
    expect(pdfText(Buffer.from(await (await fetch(added!.invoice.pdfUrl!)).arrayBuffer()))).toContain('PO number: PO-4712')
    // The seats are the portal's at once, and the subscription awaits the new invoice.
    const [row] = await api.db.query<{ quantity: number; payment_due_at: Date }>('select quantity, payment_due_at from subscriptions where stripe_subscription_id = $1', [placed.subscriptionId])
    expect(row).toMatchObject({ quantity: before.seats! + 2 })
    expect(new Date(row!.payment_due_at).toISOString()).toBe(added!.invoice.dueDate)
  })

  it('adds seats held by card by invoice as a subscription of their own, sent its invoice', async () => {
    const cara = 'commercial@example.com'
    const stats = async () => (await api.call(cara, 'GET', '/account/stats')).body as { purchased: number }
    const before = await stats()
    const answer = await api.call(cara, 'POST', '/stripe/invoice-orders/seats', { ...order, quantity: 2 })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    const added = v.parse(invoiceOrderSchema, answer.body)
    const subscription = await api.stripe.subscriptions.retrieve(added.subscriptionId)
    expect(subscription).toMatchObject({ collection_method: 'send_invoice', days_until_due: 30 })
    expect(subscription.items.data[0]!.quantity).toBe(2)
    expect((await stats()).purchased).toBe(before.purchased + 2)
  })

  it('refuses in words, sending nothing to Stripe: a PO number too long or with control characters, a country not on the list, missing details, a free plan, another license type', async () => {
    const before = await subscriptionCount()
    const refused = async (body: unknown, status: number, message: string | RegExp) => {
      const answer = await api.call(nora.email, 'POST', '/stripe/invoice-orders', body)
      expect(answer.status).toBe(status)
      expect((answer.body as { message: string }).message).toMatch(message)
    }
    await refused({ ...order, poNumber: 'P'.repeat(141) }, 422, 'PO number must be at most 140 characters')
    await refused({ ...order, poNumber: 'PO-47\n11' }, 422, 'PO number must not contain control characters such as line breaks or tabs')
    await refused({ ...order, company: { ...order.company, address: { ...order.company.address, country: 'XX' } } }, 422, 'Choose a country from the list')
    await refused({ ...order, company: { ...order.company, legalName: '' } }, 422, /Legal name is required/)
    await refused({ ...order, priceId: 'community' }, 422, 'Community is free: it needs no invoice.')
    expect(await subscriptionCount()).toBe(before)
    expect((await api.stripe.subscriptions.list({ status: 'all', limit: 100 })).data.filter((subscription) => subscription.metadata.accountOid === nora.oid)).toHaveLength(before)
    const cara = await api.call('commercial@example.com', 'POST', '/stripe/invoice-orders', { ...order, priceId: 'commercial-plus' })
    expect(cara).toMatchObject({ status: 409, body: { message: 'Accounts are limited to one license type.' } })
  })

  // Quotes (decision 0055): Quinn, new here, on a test clock of his own.
  const quotesOf = async () => v.parse(quotesSchema, (await api.call(quinn.email, 'GET', '/stripe/quotes')).body)
  const quinnsSubscriptions = async () => (await api.db.query<{ n: number }>('select count(*)::int as n from subscriptions where owner_oid = $1', [quinn.oid]))[0]!.n
  const quotePdf = async (quoteId: string) => {
    const response = await api.app.request(`/api/stripe/quotes/${quoteId}/pdf`, { headers: { Authorization: `Bearer ${await api.token(quinn.email)}` } })
    expect(response.headers.get('content-type')).toBe('application/pdf')
    return pdfText(Buffer.from(await response.arrayBuffer()))
  }

  it('makes one quote of two presses at once, valid 30 days, listed with its PDF (number, validity, both parties, the PO, the total); accepted, the subscription paid by invoice; accepted again, 409 in words and nothing made [I49.quote.request I49.quote.once I49.quote.listed I49.quote.accept I49.quote.refused]', async () => {
    const clock = await api.stripe.testHelpers.testClocks.create({ frozen_time: T0 })
    expect((await api.call(quinn.email, 'POST', '/auth/login', { firstName: 'Quinn', lastName: 'Quote', email: quinn.email, oid: quinn.oid })).status).toBe(200)
    await api.stripe.customers.create({ email: quinn.email, name: 'Quinn Quote', metadata: { accountOid: quinn.oid }, test_clock: clock.id })
    const presses = await Promise.all([api.call(quinn.email, 'POST', '/stripe/quotes', order), api.call(quinn.email, 'POST', '/stripe/quotes', order)])
    expect(
      presses.map((press) => press.status),
      JSON.stringify(presses[0]!.body),
    ).toEqual([200, 200])
    const [quote, again] = presses.map((press) => v.parse(quoteSchema, press.body))
    expect(again!.id).toBe(quote!.id)
    expect(quote).toMatchObject({ number: expect.stringMatching(/^QT-\w+-0001$/), total: 149_500, poNumber: 'PO-4711', status: 'open', expiresAt: new Date((T0 + 30 * DAY) * 1000).toISOString() })
    expect(await quotesOf()).toEqual([quote])

    const text = await quotePdf(quote!.id)
    for (const words of [quote!.number, 'Valid until', 'March 31, 2027', 'Prism Library (sandbox)', 'Northwind Traders Inc.', 'PO number: PO-4711', '$1495.00']) expect(text).toContain(words)

    const before = await quinnsSubscriptions()
    const accepted = await api.call(quinn.email, 'POST', `/stripe/quotes/${quote!.id}/accept`)
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200)
    const placed = v.parse(invoiceOrderSchema, accepted.body)
    expect(placed.invoice).toMatchObject({ total: 149_500, dueDate: new Date((T0 + 30 * DAY) * 1000).toISOString() })
    expect(v.parse(licensesSchema, (await api.call(quinn.email, 'GET', '/licenses')).body)[0]).toMatchObject({ subscription: 'Commercial', status: 'awaiting-payment' })
    expect(await quinnsSubscriptions()).toBe(before + 1)
    expect((await quotesOf())[0]).toMatchObject({ status: 'accepted' })

    const twice = await api.call(quinn.email, 'POST', `/stripe/quotes/${quote!.id}/accept`)
    expect(twice).toMatchObject({ status: 409, body: { message: `Quote ${quote!.number} was already accepted: its subscription is on My Licenses.` } })
    expect(await quinnsSubscriptions()).toBe(before + 1)

    // An expired quote: 409 in words, nothing made.
    const later = v.parse(quoteSchema, (await api.call(quinn.email, 'POST', '/stripe/quotes', { ...order, quantity: 2 })).body)
    expect(later.id).not.toBe(quote!.id)
    await api.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: T0 + 31 * DAY })
    await api.sandbox.webhooks.drain()
    expect((await quotesOf()).find((listed) => listed.id === later.id)).toMatchObject({ status: 'expired' })
    const expired = await api.call(quinn.email, 'POST', `/stripe/quotes/${later.id}/accept`)
    expect(expired).toMatchObject({ status: 409, body: { message: `Quote ${later.number} expired on March 31, 2027: request a new quote.` } })
    expect(await quinnsSubscriptions()).toBe(before + 1)
  })

  it("answers 404 for another account's quote, and refuses a request the contract refuses, sending nothing [I49.quote.po-number]", async () => {
    const quote = v.parse(quoteSchema, (await api.call('commercial@example.com', 'POST', '/stripe/quotes', { ...order, priceId: 'commercial' })).body)
    expect((await api.call(quinn.email, 'POST', `/stripe/quotes/${quote.id}/accept`)).status).toBe(404)
    expect((await api.call(quinn.email, 'GET', `/stripe/quotes/${quote.id}/pdf`)).status).toBe(404)
    const refused = await api.call(quinn.email, 'POST', '/stripe/quotes', { ...order, poNumber: 'PO-47\n11' })
    expect(refused).toMatchObject({ status: 422, body: { message: 'PO number must not contain control characters such as line breaks or tabs' } })
  })

  // A renewal paid by invoice, invoiced 30 days before it (decision 0056), driven by the test clock.
  const licensesOf = async (email: string) => v.parse(licensesSchema, (await api.call(email, 'GET', '/licenses')).body)
  const renewals = async (email: string) => v.parse(renewalsSchema, (await api.call(email, 'GET', '/renewals')).body)

  /** The same day a year on, as the yearly period moves. */
  const yearOn = (at: number) => Date.parse(new Date(at * 1000).toISOString().replace(/^\d{4}/, (year) => String(Number(year) + 1))) / 1000

  /** A newcomer on a test clock of their own at t0 who orders 5 Commercial seats by invoice with the PO. */
  async function orderedOnClock(email: string, t0: number, poNumber: string) {
    await signIn(api, email)
    const clock = await api.stripe.testHelpers.testClocks.create({ frozen_time: t0 })
    const customer = await api.stripe.customers.create({ email, name: 'Northwind Traders', metadata: { accountOid: `oid-${email}` }, test_clock: clock.id })
    const answer = await api.call(email, 'POST', '/stripe/invoice-orders', { ...order, poNumber })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    const placed = v.parse(invoiceOrderSchema, answer.body)
    const renewsAt = (await api.stripe.subscriptions.retrieve(placed.subscriptionId)).items.data[0]!.current_period_end
    /** The clock moved to `at`, its webhooks delivered. */
    const advance = async (at: number) => {
      await api.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: at })
      await api.sandbox.webhooks.drain()
    }
    /** The job as an instance runs it at the clock's time `at` (a gateway of another instance when given). */
    const runJob = (at: number, gateway = api.gateway) => invoiceRenewalsAhead(api.db, gateway, 'https://portal.example.com', new Date(at * 1000))
    const invoicesOf = async () => (await api.stripe.invoices.list({ customer: customer.id, limit: 100 })).data
    const renewalInvoices = async () => (await invoicesOf()).filter((invoice) => invoice.metadata?.renewalOf === placed.subscriptionId)
    return { clock, customer, placed, renewsAt, advance, runJob, invoicesOf, renewalInvoices }
  }

  it('invoices a renewal 30 days ahead: nothing 31 days before; 30 days before one invoice for the next period with the PO, however often and from however many instances the job runs; paid, the renewal charges nothing more [S9.auto-renew]', async () => {
    const email = 'ap@northwind.example'
    // Years apart from the other orders' clocks, so that the job finds this renewal alone.
    const t0 = Date.parse('2029-05-01T00:00:00Z') / 1000
    const { customer, placed, renewsAt, advance, runJob, invoicesOf, renewalInvoices } = await orderedOnClock(email, t0, 'PO-4711')
    await api.stripe.invoices.pay(String((await api.stripe.subscriptions.retrieve(placed.subscriptionId)).latest_invoice), { paid_out_of_band: true })

    await advance(renewsAt - 31 * DAY)
    expect(await runJob(renewsAt - 31 * DAY)).toBe(0)
    expect(await renewalInvoices()).toEqual([])

    await advance(renewsAt - 30 * DAY)
    const runs = await Promise.all([runJob(renewsAt - 30 * DAY), runJob(renewsAt - 30 * DAY, api.anotherGateway()), runJob(renewsAt - 30 * DAY)])
    expect(runs.reduce((sum, made) => sum + made, 0)).toBe(1)
    expect(await runJob(renewsAt - 29 * DAY)).toBe(0)
    const [invoice, ...more] = await renewalInvoices()
    expect(more).toEqual([])
    expect(invoice).toMatchObject({
      status: 'open',
      collection_method: 'send_invoice',
      billing_reason: 'manual',
      due_date: renewsAt + 30 * DAY,
      total: 149_500,
      amount_due: 149_500,
      custom_fields: [{ name: 'PO number', value: 'PO-4711' }],
    })
    expect(invoice!.lines.data).toEqual([expect.objectContaining({ amount: 149_500, quantity: 5, period: { start: renewsAt, end: yearOn(renewsAt) } })])
    const text = pdfText(Buffer.from(await (await fetch(invoice!.invoice_pdf!)).arrayBuffer()))
    for (const words of ['PO number: PO-4711', '5 × Commercial, May 1, 2030 to May 1, 2031', 'Date due', 'May 31, 2030', `Reference: ${invoice!.number}`]) expect(text).toContain(words)
    // The credit the renewal's own invoice takes up.
    expect((await api.stripe.customers.retrieve(customer.id)) as { balance: number }).toMatchObject({ balance: -149_500 })

    const dueDate = new Date((renewsAt + 30 * DAY) * 1000).toISOString()
    expect((await licensesOf(email))[0]).toMatchObject({ status: 'active', renewalInvoice: { number: invoice!.number, dueDate } })
    const [renewal] = await renewals(email)
    expect(renewal).toMatchObject({ renewalInvoice: { number: invoice!.number, dueDate } })
    // The invoiced renewal keeps its seats and auto-renewal: changing either would leave the invoice for another renewal.
    const kept = `The renewal on May 1, 2030 is invoiced already (${invoice!.number}): its licenses and auto-renew stay as invoiced. To change them, contact support.`
    expect(await api.call(email, 'PUT', `/stripe/renewals/${renewal!.subscriptionId}/auto-renew`, { autoRenew: false })).toMatchObject({ status: 409, body: { message: kept } })
    expect(await api.call(email, 'PUT', `/stripe/renewals/${renewal!.subscriptionId}/seats`, { seats: 4 })).toMatchObject({ status: 409, body: { message: kept } })
    expect((await api.stripe.subscriptions.retrieve(placed.subscriptionId)).cancel_at_period_end).toBe(false)
    const listed = (await api.call(email, 'GET', '/stripe/invoices')).body as { number: string; status: string; pdfUrl: string }[]
    expect(listed).toContainEqual(expect.objectContaining({ number: invoice!.number, status: 'open', pdfUrl: invoice!.invoice_pdf }))
    const mails = (await outbox(api.db)).filter((mail) => mail.recipient.includes(email) && mail.subject.startsWith(`Invoice ${invoice!.number}`))
    expect(mails.map((mail) => mail.subject)).toEqual([`Invoice ${invoice!.number} for your Prism Commercial renewal on May 1, 2030: $1,495.00`])
    expect(mails[0]!.text).toContain('is due by May 31, 2030')

    await api.stripe.invoices.pay(invoice!.id!, { paid_out_of_band: true })
    await advance(renewsAt + DAY)
    const renewed = await api.stripe.subscriptions.retrieve(placed.subscriptionId)
    expect(renewed.status).toBe('active')
    const cycle = (await invoicesOf()).filter((candidate) => candidate.billing_reason === 'subscription_cycle')
    expect(cycle).toEqual([expect.objectContaining({ status: 'paid', total: 149_500, amount_due: 0, starting_balance: -149_500, ending_balance: 0 })])
    expect((await api.stripe.customers.retrieve(customer.id)) as { balance: number }).toMatchObject({ balance: 0 })
    const [license] = await licensesOf(email)
    expect(license).toMatchObject({ status: 'active', expirationDate: new Date(yearOn(renewsAt) * 1000).toISOString() })
    expect(license!.renewalInvoice ?? null).toBeNull()
  })

  /** Ordered on a clock of its own, the order's invoice paid out of band, and the renewal invoiced 30 days ahead by the job. */
  async function renewalInvoicedAhead(email: string, t0: number, poNumber: string) {
    const ordered = await orderedOnClock(email, t0, poNumber)
    const { placed, renewsAt, advance, runJob, renewalInvoices } = ordered
    await api.stripe.invoices.pay(String((await api.stripe.subscriptions.retrieve(placed.subscriptionId)).latest_invoice), { paid_out_of_band: true })
    await advance(renewsAt - 30 * DAY)
    expect(await runJob(renewsAt - 30 * DAY)).toBe(1)
    const [invoice] = await renewalInvoices()
    return { ...ordered, invoice: invoice! }
  }

  /** The renewal's invoice paid out of band: the licenses are active again, no renewal invoice awaited. */
  async function paidOutOfBand(email: string, invoiceId: string) {
    await api.stripe.invoices.pay(invoiceId, { paid_out_of_band: true })
    await api.sandbox.webhooks.drain()
    const [license] = await licensesOf(email)
    expect(license).toMatchObject({ status: 'active' })
    expect(license!.renewalInvoice ?? null).toBeNull()
  }

  it('keeps the seats through a renewal invoiced ahead while its invoice is open, then past due after its due date, active once paid [S9.auto-renew]', async () => {
    const email = 'payables@contoso.example'
    const { renewsAt, advance, invoice } = await renewalInvoicedAhead(email, Date.parse('2031-06-01T00:00:00Z') / 1000, 'PO-9000')

    await advance(renewsAt + 29 * DAY)
    expect((await licensesOf(email))[0]).toMatchObject({ status: 'active', renewalInvoice: { number: invoice.number } })
    await advance(renewsAt + 31 * DAY)
    expect((await licensesOf(email))[0]).toMatchObject({ status: 'payment-due' })
    expect((await api.call(email, 'POST', '/licenses/assign', { firstName: 'Eve', lastName: 'Dev', email: 'eve@contoso.example' })).status).toBe(409)
    await paidOutOfBand(email, invoice.id!)
  })

  it("makes a renewal invoiced ahead past due after its due date from the portal's own record, though Stripe leaves the subscription active; active once paid [S9.auto-renew]", async () => {
    // Stripe may not make a subscription past due for an invoice made outside its cycle (decision 0063).
    api.sandbox.behaviour.manualInvoiceOverdueMakesPastDue = false
    try {
      const email = 'ledger@fabrikam.example'
      const { placed, renewsAt, advance, invoice } = await renewalInvoicedAhead(email, Date.parse('2033-03-01T00:00:00Z') / 1000, 'PO-2033')
      const markOverdue = (at: number) => markRenewalsOverdue(api.db, api.gateway, new Date(at * 1000))

      await advance(renewsAt + 29 * DAY)
      expect(await markOverdue(renewsAt + 29 * DAY)).toBe(0)
      expect((await licensesOf(email))[0]).toMatchObject({ status: 'active', renewalInvoice: { number: invoice.number } })
      await advance(renewsAt + 31 * DAY)
      expect((await api.stripe.subscriptions.retrieve(placed.subscriptionId)).status).toBe('active')
      expect((await licensesOf(email))[0]).toMatchObject({ status: 'active' })
      expect(await markOverdue(renewsAt + 31 * DAY)).toBe(1)
      expect(await markOverdue(renewsAt + 31 * DAY)).toBe(0)
      expect((await licensesOf(email))[0]).toMatchObject({ status: 'payment-due', renewalInvoice: { number: invoice.number } })
      expect((await api.call(email, 'POST', '/licenses/assign', { firstName: 'Eve', lastName: 'Dev', email: 'eve@fabrikam.example' })).status).toBe(409)
      // Stripe's subscription read again (still active there) leaves it past due.
      expect(await syncSubscription(api.db, api.gateway, placed.subscriptionId)).toBe('updated')
      expect((await licensesOf(email))[0]).toMatchObject({ status: 'payment-due' })
      await paidOutOfBand(email, invoice.id!)
    } finally {
      api.sandbox.behaviour.manualInvoiceOverdueMakesPastDue = true
    }
  })
})
