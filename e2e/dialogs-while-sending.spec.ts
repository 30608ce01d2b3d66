import type { Locator, Page } from '@playwright/test'
import { demo, expectNotice } from './support/accounts'
import { expect, test } from './support/fixtures'
import { holdRequests } from './support/held-requests'

/**
 * Manage Licenses' dialogs while their request is out: Escape and the close button change nothing
 * until the answer comes (the request is held and never answered, so nothing changes on the server).
 */
async function expectStaysOpen(page: Page, dialog: Locator, sending: string | RegExp) {
  await page.keyboard.press('Escape')
  await dialog.getByRole('button', { name: 'Close' }).first().click()
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('button', { name: sending, exact: true })).toHaveAttribute('data-loading')
}

/** Presses the dialog's action, waits until its request is held, and finds the dialog staying open while it sends. */
async function sendHeld(page: Page, dialog: Locator, action: string, requests: { held: unknown[] }) {
  await dialog.getByRole('button', { name: action, exact: true }).click()
  await expect.poll(() => requests.held.length).toBe(1)
  await expectStaysOpen(page, dialog, action)
}

/** Holds the requests to the path, and opens Manage Licenses' dialog of the button of the same name. */
async function openHolding(page: Page, name: string, path: string, method: string) {
  const requests = await holdRequests(page, path, method)
  await page.goto('/account/licenses')
  await page.getByRole('button', { name }).click()
  return { requests, dialog: page.getByRole('dialog', { name }) }
}

test.describe('as a Commercial owner with free seats', () => {
  test.use({ signedInAs: demo.commercial })

  test('Assign stays open while it sends, and its notice can be dismissed', async ({ page }) => {
    const { requests: assign, dialog } = await openHolding(page, 'Assign License', '/api/licenses/assign', 'POST')
    await dialog.getByLabel('First name').fill('Stay')
    await dialog.getByLabel('Last name').fill('Open')
    await dialog.getByLabel('Email').fill('stay.open@example.com')
    await sendHeld(page, dialog, 'Assign', assign)
    await assign.release({ id: 'seat_stay', firstName: 'Stay', lastName: 'Open', email: 'stay.open@example.com', expirationDate: '2027-11-22T00:00:00.000Z' })
    await expectNotice(page, 'License assigned to stay.open@example.com.')
    await page.getByRole('main').getByRole('status').filter({ hasText: 'License assigned to stay.open@example.com.' }).getByRole('button', { name: 'Dismiss' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'License assigned to stay.open@example.com.' })).toHaveCount(0)
  })

  test('Assign several stays open while it sends', async ({ page }) => {
    const { requests: assign, dialog: single } = await openHolding(page, 'Assign License', '/api/licenses/assign', 'POST')
    await single.getByRole('button', { name: 'Assign several' }).click()
    const dialog = page.getByRole('dialog', { name: 'Assign several licenses' })
    await dialog.getByLabel('Assignees').fill('Stay, Open, stay.open@example.com')
    await sendHeld(page, dialog, 'Assign 1 license', assign)
  })

  test('Unassign stays open while it sends', async ({ page }) => {
    const unassign = await holdRequests(page, '/api/licenses/unassign', 'POST')
    await page.goto('/account/licenses')
    await page
      .getByRole('main')
      .getByRole('button', { name: /^Unassign / })
      .first()
      .click()
    const dialog = page.getByRole('dialog', { name: 'Unassign License' })
    await sendHeld(page, dialog, 'Unassign', unassign)
  })
})

test.describe('as a Commercial owner with no free seat', () => {
  test.use({ signedInAs: demo.full })

  test('Buy Additional Licenses stays open while it opens the checkout', async ({ page }) => {
    const { requests: checkout, dialog } = await openHolding(page, 'Buy Additional Licenses', '/api/stripe/create-checkout-session', 'POST')
    await sendHeld(page, dialog, 'Continue to checkout', checkout)
  })

  test("the upgrade wizard's Back, while the payment form loads, returns to the plans", async ({ page }) => {
    const setup = await holdRequests(page, '/api/stripe/create-setup-intent', 'GET')
    await page.goto('/account/licenses')
    await page.getByRole('button', { name: 'Upgrade to Commercial Plus' }).click()
    const wizard = page.getByRole('dialog', { name: 'Upgrade Subscription' })
    await wizard.getByRole('button', { name: 'Continue' }).click()
    await expect.poll(() => setup.held.length).toBe(1)
    await expect(page.getByLabel('Loading the payment form')).toBeVisible()
    await wizard.getByRole('button', { name: 'Back' }).click()
    await expect(wizard.getByRole('radiogroup', { name: 'Plan' })).toBeVisible()
    await expect(wizard.getByRole('button', { name: 'Continue' })).toBeEnabled()
  })
})
