import * as v from 'valibot'
import { expect, it } from 'vitest'
import { invoiceOrderSchema, renewalsSchema, type InvoiceOrderRequest } from '@/common/billing-contract'
import { licensesSchema } from '@/common/contract'
import { invoiceRenewalsAhead } from '@/server/payments/renewal-invoicing'
import { describeApi } from '@/tests/support/server/api-fixture'
import { signIn } from '@/tests/support/server/organisation'
import { outbox } from '@/tests/server/mail/harness'
import { pdfText } from '@/testkit/pdf-text'

/**
 * A subscription paid by invoice is invoiced for its next period 30 days before it renews
 * (decision 0056), driven by the sandbox's test clock: once however often and from however many
 * instances the job runs, the credit it leaves paying the renewal's own invoice; paid, the next
 * period is active with no second charge; unpaid, the existing past-due path after its due date.
 */

const DAY = 86_400
const order = (poNumber: string): InvoiceOrderRequest => ({
  priceId: 'commercial',
  quantity: 5,
  company: { legalName: 'Northwind Traders Inc.', address: { line1: '1 Harbor Way', line2: '', city: 'Seattle', postalCode: '98101', state: 'WA', country: 'US' }, taxId: null },
  poNumber,
})

describeApi('a renewal paid by invoice, invoiced 30 days ahead, on $name [S9.auto-renew]', (api) => {
  const licenses = async (email: string) => v.parse(licensesSchema, (await api.call(email, 'GET', '/licenses')).body)
  const renewals = async (email: string) => v.parse(renewalsSchema, (await api.call(email, 'GET', '/renewals')).body)

  /** The same day a year on, as the yearly period moves. */
  const yearOn = (at: number) => Date.parse(new Date(at * 1000).toISOString().replace(/^\d{4}/, (year) => String(Number(year) + 1))) / 1000

  /** A newcomer on a test clock of their own at t0 who orders 5 Commercial seats by invoice with the PO. */
  async function orderedOnClock(email: string, t0: number, poNumber: string) {
    await signIn(api, email)
    const clock = await api.stripe.testHelpers.testClocks.create({ frozen_time: t0 })
    const customer = await api.stripe.customers.create({ email, name: 'Northwind Traders', metadata: { accountOid: `oid-${email}` }, test_clock: clock.id })
    const answer = await api.call(email, 'POST', '/stripe/invoice-orders', order(poNumber))
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

  it('makes nothing 31 days before; 30 days before one invoice for the next period with the PO, however often and from however many instances the job runs; paid, the renewal charges nothing more', async () => {
    const email = 'ap@northwind.example'
    const t0 = Date.parse('2027-03-01T00:00:00Z') / 1000
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
    for (const words of ['PO number: PO-4711', '5 × Commercial, March 1, 2028 to March 1, 2029', 'Date due', 'March 31, 2028', `Reference: ${invoice!.number}`]) expect(text).toContain(words)
    // The credit the renewal's own invoice takes up.
    expect((await api.stripe.customers.retrieve(customer.id)) as { balance: number }).toMatchObject({ balance: -149_500 })

    const dueDate = new Date((renewsAt + 30 * DAY) * 1000).toISOString()
    expect((await licenses(email))[0]).toMatchObject({ status: 'active', renewalInvoice: { number: invoice!.number, dueDate } })
    expect((await renewals(email))[0]).toMatchObject({ renewalInvoice: { number: invoice!.number, dueDate } })
    const listed = (await api.call(email, 'GET', '/stripe/invoices')).body as { number: string; status: string; pdfUrl: string }[]
    expect(listed).toContainEqual(expect.objectContaining({ number: invoice!.number, status: 'open', pdfUrl: invoice!.invoice_pdf }))
    const mails = (await outbox(api.db)).filter((mail) => mail.recipient.includes(email) && mail.subject.startsWith(`Invoice ${invoice!.number}`))
    expect(mails.map((mail) => mail.subject)).toEqual([`Invoice ${invoice!.number} for your Prism Commercial renewal on March 1, 2028: $1,495.00`])
    expect(mails[0]!.text).toContain('is due by March 31, 2028')

    await api.stripe.invoices.pay(invoice!.id!, { paid_out_of_band: true })
    await advance(renewsAt + DAY)
    const renewed = await api.stripe.subscriptions.retrieve(placed.subscriptionId)
    expect(renewed.status).toBe('active')
    const cycle = (await invoicesOf()).filter((candidate) => candidate.billing_reason === 'subscription_cycle')
    expect(cycle).toEqual([expect.objectContaining({ status: 'paid', total: 149_500, amount_due: 0, starting_balance: -149_500, ending_balance: 0 })])
    expect((await api.stripe.customers.retrieve(customer.id)) as { balance: number }).toMatchObject({ balance: 0 })
    const [license] = await licenses(email)
    expect(license).toMatchObject({ status: 'active', expirationDate: new Date(yearOn(renewsAt) * 1000).toISOString() })
    expect(license!.renewalInvoice ?? null).toBeNull()
  })

  it('keeps the seats through the renewal while the invoice is open, then past due after its due date, active once paid', async () => {
    const email = 'payables@contoso.example'
    const t0 = Date.parse('2031-06-01T00:00:00Z') / 1000
    const { placed, renewsAt, advance, runJob, renewalInvoices } = await orderedOnClock(email, t0, 'PO-9000')
    await api.stripe.invoices.pay(String((await api.stripe.subscriptions.retrieve(placed.subscriptionId)).latest_invoice), { paid_out_of_band: true })
    await advance(renewsAt - 30 * DAY)
    expect(await runJob(renewsAt - 30 * DAY)).toBe(1)
    const [invoice] = await renewalInvoices()

    await advance(renewsAt + 29 * DAY)
    expect((await licenses(email))[0]).toMatchObject({ status: 'active', renewalInvoice: { number: invoice!.number } })
    await advance(renewsAt + 31 * DAY)
    expect((await licenses(email))[0]).toMatchObject({ status: 'payment-due' })
    expect((await api.call(email, 'POST', '/licenses/assign', { firstName: 'Eve', lastName: 'Dev', email: 'eve@contoso.example' })).status).toBe(409)

    await api.stripe.invoices.pay(invoice!.id!, { paid_out_of_band: true })
    await api.sandbox.webhooks.drain()
    const [license] = await licenses(email)
    expect(license).toMatchObject({ status: 'active' })
    expect(license!.renewalInvoice ?? null).toBeNull()
  })
})
