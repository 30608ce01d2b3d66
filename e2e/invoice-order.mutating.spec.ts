import { expect, test } from './support/fixtures'
import { licenseCard } from './support/accounts'
import { signUp, newEmail } from './support/owners'
import { advanceClock, customerOnTestClock, stackStripe } from './support/stripe'
import { pdfText } from '@/testkit/pdf-text'

// Issue 49's "Done means", against the whole stack: a new person orders 5 Commercial seats by
// invoice with a PO number, uses them while the invoice is open, falls past due when its due date
// passes unpaid (the test clock), and is active again once it is paid out of band.

const day = 86_400
const start = Date.UTC(2027, 2, 1, 12) / 1000
const stripe = stackStripe()

test('orders 5 Commercial seats by invoice with PO-4711: awaiting payment, a seat assigned, the PDF with the PO and the bank details; past due after the due date, active once paid', async ({
  page,
}) => {
  const email = newEmail('Olga')
  const { clockId, customerId } = await customerOnTestClock(stripe, email, start)
  await signUp(page, 'Olga', '/account/purchase?pid=commercial', email)
  for (let seat = 1; seat < 5; seat++) await page.getByRole('button', { name: 'More developers' }).click()
  await page.getByRole('button', { name: 'Pay by bank transfer (invoice)' }).click()
  const dialog = page.getByRole('dialog', { name: 'Pay by bank transfer (invoice)' })
  await expect(dialog.getByText('Commercial for 5 developers: $1,495.00 per year')).toBeVisible()
  await dialog.getByRole('textbox', { name: 'Legal name' }).fill('Olga Industries LLC')
  await dialog.getByRole('textbox', { name: 'Address', exact: true }).fill('1 Harbor Way')
  await dialog.getByRole('textbox', { name: 'City' }).fill('Seattle')
  await dialog.getByRole('combobox', { name: 'Country' }).selectOption({ label: 'United States' })
  await dialog.getByRole('textbox', { name: /^PO number/ }).fill('PO-4711')
  await dialog.getByRole('button', { name: 'Pay by invoice' }).click()
  await expect(dialog.getByRole('status')).toContainText('Awaiting payment')
  await expect(dialog.getByText(/for \$1,495\.00 is due by March 31, 2027\./)).toBeVisible()

  // The PDF, read back: the PO number and the customer's own bank-transfer details.
  const pdf = await page.request.get((await dialog.getByRole('link', { name: /^Download invoice .+ \(PDF\)$/ }).getAttribute('href'))!)
  const text = pdfText(await pdf.body())
  const funding = await stripe.customers.createFundingInstructions(customerId, { bank_transfer: { type: 'us_bank_transfer' }, currency: 'usd', funding_type: 'bank_transfer' })
  for (const words of [
    'PO number: PO-4711',
    'Olga Industries LLC',
    `Account number: ${funding.bank_transfer.financial_addresses[0]!.aba!.account_number}`,
    'Pay $1495.00 by bank transfer by March 31, 2027',
  ])
    expect(text).toContain(words)

  // The seats work at once: one is assigned from Manage Licenses, which says they await payment.
  await dialog.getByRole('link', { name: 'Manage Licenses' }).click()
  await expect(page.getByText('Awaiting payment: the invoice is due by March 31, 2027.')).toBeVisible()
  await page.getByRole('button', { name: 'Assign License' }).click()
  const assign = page.getByRole('dialog', { name: 'Assign License' })
  await assign.getByLabel('First name').fill('Ivo')
  await assign.getByLabel('Last name').fill('Invoice')
  await assign.getByLabel('Email').fill(newEmail('Ivo'))
  await assign.getByRole('button', { name: 'Assign', exact: true }).click()
  await expect(assign).toHaveCount(0)

  await page.goto('/account')
  const card = licenseCard(page, 'Commercial')
  await expect(card.getByText('Awaiting payment', { exact: true })).toBeVisible()
  await expect(card.getByText('Invoice due by March 31, 2027')).toBeVisible()

  await advanceClock(stripe, clockId, start + 31 * day)
  await expect.poll(async () => (await stripe.subscriptions.list({ customer: customerId })).data[0]?.status).toBe('past_due')
  await expect(async () => {
    await page.reload()
    await expect(card.getByText('Payment due', { exact: true })).toBeVisible({ timeout: 1_000 })
  }).toPass({ timeout: 15_000 })

  const [subscription] = (await stripe.subscriptions.list({ customer: customerId })).data
  await stripe.invoices.pay(String(subscription!.latest_invoice), { paid_out_of_band: true })
  await expect(async () => {
    await page.reload()
    await expect(card.getByText('Active', { exact: true })).toBeVisible({ timeout: 1_000 })
  }).toPass({ timeout: 15_000 })
})
