import { expect, type Page } from '@playwright/test'
import type { PriceId } from '@/common/plans'

const actionText: Record<PriceId, string> = { community: 'Get Community License', commercial: 'Buy Commercial', 'commercial-plus': 'Buy Commercial Plus' }

/** Pays the sandbox's hosted checkout with a test card, from the United States (no tax is collected there) unless another country was chosen. */
export async function payCheckout(page: Page, card = '4242 4242 4242 4242') {
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible()
  const country = page.getByRole('combobox', { name: 'Country' })
  if ((await country.count()) > 0 && !(await country.inputValue())) await country.selectOption('US')
  await page.getByLabel('Card number').fill(card)
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34')
  await page.getByLabel('CVC').fill('123')
  await page.getByRole('button', { name: /^Pay / }).click()
}

/** Signs up a new person through the identity provider, on an empty My Licenses. Returns their email. */
export async function signUpPerson(page: Page, firstName: string) {
  const email = await signUp(page, firstName, '/account')
  await expect(page.getByRole('heading', { name: 'No Licenses Assigned' })).toBeVisible()
  return email
}

/**
 * Signs up a new person with an address someone has already used (an assignee, say), on My Licenses.
 * Through another identity provider than the first person's, it is another identity with the same email.
 */
export async function signUpAs(page: Page, firstName: string, email: string, provider: IdentityProvider = 'GitHub') {
  await signUp(page, firstName, '/account', email, provider)
}

/**
 * Signs up a new person and buys them a plan through the sandbox checkout, so a test that changes
 * seats or plans has an owner no other test knows. The checkout's card becomes their default
 * payment method. Returns their email.
 */
export async function signUpOwner(page: Page, options: { firstName: string; priceId: PriceId; seats: number; email?: string; beforePaying?: (page: Page) => Promise<void> }) {
  // Signing up from the purchase page comes back to it.
  const email = await signUp(page, options.firstName, `/account/purchase?pid=${options.priceId}`, options.email)
  for (let seat = 1; seat < options.seats; seat++) await page.getByRole('button', { name: 'More developers' }).click()
  await expect(page.getByLabel(`${options.seats} developers`)).toBeVisible()
  await page.getByRole('button', { name: actionText[options.priceId] }).click()
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible()
  await options.beforePaying?.(page)
  await payCheckout(page)
  // The licenses exist once Stripe's webhook has been handled: the page says so.
  await expect(page.getByRole('status').filter({ hasText: 'Your licenses are ready' })).toBeVisible({ timeout: 15_000 })
  return email
}

/** An address nobody has signed up with yet. */
export const newEmail = (firstName: string) => `${firstName.toLowerCase()}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`

type IdentityProvider = 'GitHub' | 'Google' | 'Microsoft'

/** Opens the account page asked for, signs up there as a new person and comes back to it. Returns their email. */
export async function signUp(page: Page, firstName: string, path: string, email = newEmail(firstName), provider: IdentityProvider = 'GitHub') {
  await page.goto(path)
  await page.getByRole('link', { name: 'Sign up now' }).click()
  await page.getByLabel('Sign in with').selectOption(provider)
  await page.getByLabel('First name').fill(firstName)
  await page.getByLabel('Last name').fill('Owner')
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Create account' }).click()
  return email
}
