import { expect, type Locator, type Page } from '@playwright/test'

export const demo = {
  nolicense: 'nolicense@example.com',
  community: 'community@example.com',
  commercial: 'commercial@example.com',
  full: 'full@example.com',
  plus: 'plus@example.com',
  dev1: 'dev1@example.com',
} as const

/** Signs in through the local identity provider as a demo person, from the page asked for. */
export async function signInAs(page: Page, email: string, path = '/account') {
  await page.goto(path)
  await expect(page.getByRole('heading', { name: 'Sign in to Prism' })).toBeVisible()
  await page.getByRole('button', { name: email, exact: true }).click()
}

/** Opens the user menu and logs out. */
export async function logOut(page: Page) {
  await page.getByRole('button', { name: /^Account menu for / }).click()
  await page.getByRole('menuitem', { name: 'Logout' }).click()
}

/** A license card of the account area: the landing page's pricing has cards of the same names. */
export function licenseCard(page: Page, plan: string) {
  return page.getByRole('article', { name: plan, exact: true }).filter({ hasText: 'Owner: ' })
}

/** Expects an owner's license card of the plan to say Active, the owner's email and its expiry date written out; gives the card. */
export async function expectActiveCard(page: Page, plan: string, owner: string) {
  const card = licenseCard(page, plan)
  await expect(card.getByText('Active')).toBeVisible()
  await expect(card.getByText(`Owner: ${owner}`)).toBeVisible()
  await expect(card.getByText(/^Expires: [A-Z][a-z]+ \d{1,2}, \d{4}$/)).toBeVisible()
  return card
}

/**
 * Expects the page's notice (a status) to say exactly the text. Other statuses may be on the page at
 * the same moment (Recent activity says it is loading), so the notice is found by what it says.
 */
export async function expectNotice(page: Page | Locator, text: string, options?: { timeout?: number }) {
  await expect(page.getByRole('status').filter({ hasText: text })).toHaveText(text, options)
}

/** Assigns a license from Manage Licenses (open on the page) and waits for its notice. */
export async function assignLicense(page: Page, assignee: { firstName: string; lastName: string; email: string }) {
  await page.getByRole('button', { name: 'Assign License' }).click()
  const dialog = page.getByRole('dialog', { name: 'Assign License' })
  await dialog.getByLabel('First name').fill(assignee.firstName)
  await dialog.getByLabel('Last name').fill(assignee.lastName)
  await dialog.getByLabel('Email').fill(assignee.email)
  await dialog.getByRole('button', { name: 'Assign', exact: true }).click()
  await expectNotice(page, `License assigned to ${assignee.email}.`)
}
