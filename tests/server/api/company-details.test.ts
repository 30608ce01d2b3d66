import * as v from 'valibot'
import { expect, it } from 'vitest'
import { companyDetailsSchema, invoicesSchema, savedCompanySchema, type CompanyDetails } from '@/common/billing-contract'
import { describeApi } from '@/tests/support/server/api-fixture'
import { pdfText } from '@/testkit/pdf-text'

const cara = 'commercial@example.com'
const fabrikam: CompanyDetails = {
  legalName: 'Fabrikam GmbH',
  address: { line1: 'Hauptstraße 1', line2: '', city: 'München', postalCode: '80331', state: '', country: 'DE' },
  taxId: { type: 'eu_vat', value: 'DE123456789' },
}

describeApi('invoices and company details on $name', (api) => {
  const company = async (email: string) => api.call(email, 'GET', '/stripe/company')
  const save = (email: string, body: unknown) => api.call(email, 'PUT', '/stripe/company', body)

  it("lists the owner's invoices (number, date, total, status) newest first, and refuses an account without billing in words", async () => {
    const answer = await api.call(cara, 'GET', '/stripe/invoices')
    expect(answer.status).toBe(200)
    const invoices = v.parse(invoicesSchema, answer.body)
    expect(invoices).toHaveLength(1)
    expect(invoices[0]).toMatchObject({ total: 149_500, currency: 'usd', status: 'paid', number: expect.stringMatching(/-0001$/) })
    // The demo seed's invoice has its PDF too.
    expect((await fetch(invoices[0]!.pdfUrl!)).headers.get('content-type')).toBe('application/pdf')
    for (const path of ['/stripe/invoices', '/stripe/company']) {
      const refused = await api.call('nolicense@example.com', 'GET', path)
      expect(refused).toMatchObject({ status: 409, body: { message: 'This account has no billing account yet: buy a license first.' } })
    }
  })

  it('refuses a malformed VAT ID as a field error in words (422), and changes nothing', async () => {
    const before = (await company(cara)).body
    // Nothing saved yet: the customer's name, and empty fields, as the answer's schema takes them.
    expect(v.parse(savedCompanySchema, before)).toMatchObject({ address: { line1: '', country: '' }, taxId: null })
    const refused = await save(cara, { ...fabrikam, taxId: { type: 'eu_vat', value: 'DE12' } })
    expect(refused).toMatchObject({ status: 422, body: { message: 'This is not a valid EU VAT number. Check it and try again (for example DE123456789).', field: 'taxId' } })
    expect((await company(cara)).body).toEqual(before)
    // The contract refuses what is not even a form: a country that is not a code, a missing name.
    expect((await save(cara, { ...fabrikam, address: { ...fabrikam.address, country: 'Germany' } })).status).toBe(422)
    expect((await save(cara, { ...fabrikam, legalName: ' ' })).body).toMatchObject({ message: expect.stringContaining('Legal name is required') })
    expect((await save(cara, { ...fabrikam, taxId: { type: 'xx_vat', value: '1' } })).status).toBe(422)
  })

  it('saves the legal name, address and tax ID on the payment customer, and replaces a tax ID', async () => {
    const saved = await save(cara, { ...fabrikam, taxId: { type: 'eu_vat', value: 'de 123 456 789' } })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(v.parse(companyDetailsSchema, saved.body)).toEqual(fabrikam)
    expect((await company(cara)).body).toEqual(fabrikam)
    const customer = await api.stripe.customers.retrieve('cus_demo_commercial')
    expect(customer).toMatchObject({ name: 'Fabrikam GmbH', address: { line1: 'Hauptstraße 1', city: 'München', postal_code: '80331', country: 'DE' } })
    // The same again is the same state; another ID takes the first one's place.
    expect((await save(cara, fabrikam)).status).toBe(200)
    const gb = { ...fabrikam, taxId: { type: 'gb_vat', value: 'GB123456789' } } as const
    expect((await save(cara, gb)).body).toEqual(gb)
    expect((await api.stripe.customers.listTaxIds('cus_demo_commercial')).data.map((id) => id.value)).toEqual(['GB123456789'])
    expect((await save(cara, { ...fabrikam, taxId: null })).body).toEqual({ ...fabrikam, taxId: null })
    expect((await api.stripe.customers.listTaxIds('cus_demo_commercial')).data).toEqual([])
    // Back to the first details: saved anew, not the first save's answers replayed.
    expect((await save(cara, fabrikam)).status).toBe(200)
    expect((await api.stripe.customers.listTaxIds('cus_demo_commercial')).data.map((id) => id.value)).toEqual(['DE123456789'])
  })

  it('puts the company details on the next invoice: its PDF shows the legal name, address and VAT ID', async () => {
    await save(cara, fabrikam)
    const clock = await api.stripe.testHelpers.testClocks.retrieve('clock_demo_commercial')
    const subscription = await api.stripe.subscriptions.retrieve((await api.db.query<{ s: string }>("select stripe_subscription_id as s from subscriptions where id = 'sub_demo_commercial'"))[0]!.s)
    const renewsAt = subscription.items.data[0]!.current_period_end
    await api.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: Math.max(renewsAt, clock.frozen_time) + 86_400 })
    await api.sandbox.webhooks.drain()
    const invoices = v.parse(invoicesSchema, (await api.call(cara, 'GET', '/stripe/invoices')).body)
    expect(invoices).toHaveLength(2)
    const [renewal] = invoices
    expect(renewal).toMatchObject({ status: 'paid', total: 149_500, pdfUrl: `${api.stripeOrigin}/sandbox/invoices/${renewal!.id}/pdf` })
    expect(Date.parse(renewal!.date)).toBe(renewsAt * 1000)
    const pdf = Buffer.from(await (await fetch(renewal!.pdfUrl!)).arrayBuffer())
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    const text = pdfText(pdf)
    for (const words of ['Fabrikam GmbH', 'Hauptstraße 1', '80331 München, DE', 'EU VAT: DE123456789', renewal!.number]) expect(text).toContain(words)
  })
})
