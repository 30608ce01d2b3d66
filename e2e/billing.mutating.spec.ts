import { expectNoAxeViolations } from './support/axe'
import { expect, test } from './support/fixtures'
import { licenseCard } from './support/accounts'
import { newEmail, signUpOwner } from './support/owners'
import { yearlyPlan } from '../testkit/yearly-plan'
import { advanceClock, customerOnTestClock, stackStripe } from './support/stripe'

// Billing as it happens after a purchase, driven by the sandbox's Stripe API and webhooks. Each
// journey's owner is new, and their payment customer lives on a test clock of its own.

const day = 86_400
const longDate = (seconds: number) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(seconds * 1000))
/** A fixed start, so every date below is known: 1 March 2027, 12:00 UTC. */
const start = Date.UTC(2027, 2, 1, 12) / 1000
const stripe = stackStripe()

test('a renewal moves the expiration date a year on', async ({ page }) => {
  const email = newEmail('Rena')
  const { clockId } = await customerOnTestClock(stripe, email, start)
  await signUpOwner(page, { firstName: 'Rena', priceId: 'commercial', seats: 1, email })
  await page.goto('/account')
  await expect(licenseCard(page, 'Commercial').getByText('Expires: March 1, 2028')).toBeVisible()
  await advanceClock(stripe, clockId, start + 366 * day)
  await expect.poll(async () => (await stripe.invoices.list({ customer: (await stripe.customers.list({ email })).data[0]!.id })).data.filter((invoice) => invoice.status === 'paid').length).toBe(2)
  await page.reload()
  await expect(licenseCard(page, 'Commercial').getByText('Expires: March 1, 2029')).toBeVisible()
})

test('a renewal whose card fails leaves the subscription past due, and the billing portal shows the unpaid invoice', async ({ page }) => {
  const email = newEmail('Fay')
  const { clockId, customerId } = await customerOnTestClock(stripe, email, start)
  await signUpOwner(page, { firstName: 'Fay', priceId: 'commercial', seats: 1, email })
  // The subscription's card becomes one whose later charges fail (Stripe's 4000 0000 0000 0341),
  // saved through a setup intent as the portal's payment step saves one.
  const intent = await stripe.setupIntents.create({ customer: customerId })
  const confirmed = await stripe.setupIntents.confirm(intent.id, { payment_method_data: { type: 'card', card: { number: '4000000000000341', exp_month: 12, exp_year: 34, cvc: '123' } } } as never)
  const [bought] = (await stripe.subscriptions.list({ customer: customerId })).data
  await stripe.subscriptions.update(bought!.id, { default_payment_method: confirmed.payment_method as string })
  await advanceClock(stripe, clockId, start + 366 * day)
  await expect.poll(async () => (await stripe.subscriptions.list({ customer: customerId })).data[0]?.status).toBe('past_due')
  // As on Stripe, the subscription enters its new period while the invoice is retried: the seats
  // stay, the card says the payment is due, and its owner is pointed to Billing.
  await page.goto('/account')
  const card = licenseCard(page, 'Commercial')
  await expect(card.getByText('Expires: March 1, 2029')).toBeVisible()
  await expect(card.getByText('Payment due', { exact: true })).toBeVisible()
  await expect(card.getByText('Active', { exact: true })).toHaveCount(0)
  await expect(card.getByRole('button', { name: 'Update payment in Billing' })).toBeVisible()
  // The due payment's badge and button are drawn only here: their labels must be readable.
  await expectNoAxeViolations(page)
  await page
    .getByRole('navigation', { name: 'Account' })
    .getByRole('button', { name: /^Billing/ })
    .click()
  const subscription = page.getByRole('region', { name: 'Subscription' })
  await expect(subscription.getByRole('definition').filter({ hasText: 'Past due' })).toBeVisible()
  await expect(page.getByRole('row', { name: /\$299\.00 open$/ })).toBeVisible()
})

test('cancelling at the period end in the billing portal, then renewing again', async ({ page }) => {
  await signUpOwner(page, { firstName: 'Cal', priceId: 'commercial', seats: 2 })
  await page.goto('/account')
  const expires = await licenseCard(page, 'Commercial')
    .getByText(/^Expires: /)
    .textContent()
  await page
    .getByRole('navigation', { name: 'Account' })
    .getByRole('button', { name: /^Billing/ })
    .click()
  await expect(page.getByRole('heading', { name: 'Billing portal' })).toBeVisible()
  const subscription = page.getByRole('region', { name: 'Subscription' })
  const date = expires!.replace('Expires: ', '')
  await page.getByRole('button', { name: 'Cancel subscription' }).click()
  await expect(subscription.getByRole('term').filter({ hasText: 'Cancels on' })).toBeVisible()
  await expect(subscription.getByRole('definition').filter({ hasText: date })).toBeVisible()
  // The seats are kept until that date, and the card says when they end.
  await page.getByRole('link', { name: 'Return to site' }).click()
  await expect(licenseCard(page, 'Commercial').getByText(`Cancels on ${date}`)).toBeVisible()
  await expect(licenseCard(page, 'Commercial').getByText(expires!)).toHaveCount(0)
  await page
    .getByRole('navigation', { name: 'Account' })
    .getByRole('button', { name: /^Billing/ })
    .click()
  await page.getByRole('button', { name: 'Renew subscription' }).click()
  await expect(subscription.getByRole('term').filter({ hasText: 'Renews on' })).toBeVisible()
  await expect(subscription.getByRole('definition').filter({ hasText: date })).toBeVisible()
  await page.getByRole('link', { name: 'Return to site' }).click()
  await expect(licenseCard(page, 'Commercial').getByText(expires!)).toBeVisible()
})

test('the billing portal takes a new card and the billing details, and offers no plan or seat change', async ({ page }) => {
  await signUpOwner(page, { firstName: 'Bea', priceId: 'commercial', seats: 2 })
  await page.goto('/account')
  await page
    .getByRole('navigation', { name: 'Account' })
    .getByRole('button', { name: /^Billing/ })
    .click()
  await expect(page.getByRole('heading', { name: 'Billing portal' })).toBeVisible()
  await expectNoAxeViolations(page)
  // The portal's own configuration (decision 0022): plans and seats change in the portal's wizard only.
  await expect(page.getByRole('button', { name: /plan|seat|quantit/i })).toHaveCount(0)
  const card = page.getByRole('region', { name: 'Payment method' })
  await card.getByLabel('New card number').fill('5555 5555 5555 4444')
  await card.getByLabel('Expiry (MM / YY)').fill('11 / 33')
  await card.getByLabel('CVC').fill('123')
  await card.getByRole('button', { name: 'Update payment method' }).click()
  await expect(card.getByText('MASTERCARD ending in 4444, expires 11/2033')).toBeVisible()
  const details = page.getByRole('region', { name: 'Billing details' })
  await details.getByLabel('Name', { exact: true }).fill('Acme GmbH')
  await details.getByLabel('Address line 1').fill('Hauptstraße 1')
  await details.getByLabel('City').fill('Berlin')
  await details.getByLabel('Postal code').fill('10115')
  await details.getByLabel('Country (two letters)').fill('DE')
  await details.getByRole('button', { name: 'Save billing details' }).click()
  await expect(details.getByRole('definition').filter({ hasText: 'Acme GmbH' })).toBeVisible()
  await expect(details.getByRole('definition').filter({ hasText: 'Hauptstraße 1' })).toBeVisible()
  await expectNoAxeViolations(page)
})

test("the upgrade's confirm step shows the prorated amount due today and the new annual total", async ({ page }) => {
  const email = newEmail('Uma')
  // Half a year into the period: the upgrade costs half the difference for the rest of it.
  const { clockId } = await customerOnTestClock(stripe, email, start)
  await signUpOwner(page, { firstName: 'Uma', priceId: 'commercial', seats: 2, email })
  await advanceClock(stripe, clockId, start + 183 * day)
  await page.goto('/account/licenses')
  await page
    .getByRole('button', { name: /Upgrade/ })
    .first()
    .click()
  const dialog = page.getByRole('dialog', { name: 'Upgrade Subscription' })
  await dialog.getByRole('button', { name: 'Continue' }).click()
  // 2 x ($499.00 - $299.00) x 183/366 of the year left (2028 is a leap year: the period has 366 days).
  const due = yearlyPlan.proratedCharge({ from: 29_900, to: 49_900, seats: 2, start, at: start + 183 * day })
  await expect(dialog.getByText(`Due today: $${(due / 100).toFixed(2)}`, { exact: true })).toBeVisible()
  await expect(dialog.getByText(`Then $998.00 per year from ${longDate(yearlyPlan.periodEnd(start))}`, { exact: true })).toBeVisible()
  await dialog.getByRole('button', { name: 'Confirm' }).click()
  await expect(dialog.getByText('Upgrade Successful!')).toBeVisible()
})

test.describe('an upgrade whose charge is declined', () => {
  // The API answers the declined charge with 402, which Chromium reports.
  test.use({ expectedPageErrors: [/status of 402/] })

  test('shows the card’s message in the failure view and leaves the plan as it was', async ({ page }) => {
    await signUpOwner(page, { firstName: 'Dex', priceId: 'community', seats: 1 })
    await page.goto('/account/licenses')
    await page.getByRole('button', { name: 'Upgrade' }).click()
    const dialog = page.getByRole('dialog', { name: 'Upgrade Subscription' })
    await dialog.getByRole('button', { name: 'Continue' }).click()
    // Stripe's 4000 0000 0000 0341 is saved, and its charges fail.
    await dialog.getByLabel('Card number').fill('4000 0000 0000 0341')
    await dialog.getByLabel('Expiration (MM / YY)').fill('12 / 34')
    await dialog.getByLabel('Security code (CVC)').fill('123')
    await dialog.getByRole('button', { name: 'Save payment method' }).click()
    await expect(dialog.getByText(/^Due today: \$\d/)).toBeVisible()
    await dialog.getByRole('button', { name: 'Confirm' }).click()
    const failure = dialog.getByRole('alert')
    await expect(failure).toContainText('The upgrade did not go through')
    await expect(failure).toContainText('Your card was declined.')
    await expect(dialog.getByRole('button', { name: 'Try Again' })).toBeVisible()
    await dialog.getByRole('button', { name: 'Refresh Page' }).click()
    await expect(page.getByRole('group', { name: 'Subscription' })).toContainText('Community')
  })
})
