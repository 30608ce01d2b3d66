import { expectNotice } from './support/accounts'
import type { Page } from '@playwright/test'
import { expectNoAxeViolations } from './support/axe'
import { expect, test } from './support/fixtures'
import { payCheckout, signUpOwner } from './support/owners'

// Each test signs up an owner of its own and buys the seats it needs.

const tile = (page: Page, label: string) => page.getByRole('group', { name: label })
const table = (page: Page) => page.getByRole('table', { name: 'Assigned licenses' })

async function expectCounts(page: Page, counts: { purchased: number; assigned: number; available: number }) {
  await expect(tile(page, 'Purchased')).toContainText(String(counts.purchased))
  await expect(tile(page, 'Assigned')).toContainText(String(counts.assigned))
  await expect(tile(page, 'Available')).toContainText(String(counts.available))
}

async function openManageLicenses(page: Page) {
  await page.goto('/account/licenses')
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Licenses' })).toBeVisible()
}

async function fillAssign(page: Page, person: { firstName: string; lastName: string; email: string }) {
  const dialog = page.getByRole('dialog', { name: 'Assign License' })
  await dialog.getByLabel('First name').fill(person.firstName)
  await dialog.getByLabel('Last name').fill(person.lastName)
  await dialog.getByLabel('Email').fill(person.email)
  return dialog
}

test('assigning then unassigning a license updates the tiles and the table', async ({ page }) => {
  await signUpOwner(page, { firstName: 'Asa', priceId: 'commercial', seats: 2 })
  await openManageLicenses(page)
  await expectCounts(page, { purchased: 2, assigned: 1, available: 1 })
  await page.getByRole('button', { name: 'Assign License' }).click()
  const dialog = await fillAssign(page, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada.assign@example.com' })
  await dialog.getByRole('button', { name: 'Assign', exact: true }).click()
  await expect(dialog).toHaveCount(0)
  await expectNotice(page, 'License assigned to ada.assign@example.com.')
  await expect(table(page).getByRole('row', { name: /ada\.assign@example\.com/ })).toContainText('Ada Lovelace')
  await expectCounts(page, { purchased: 2, assigned: 2, available: 0 })
  // No seat left: the header offers more instead.
  await expect(page.getByRole('button', { name: 'Assign License' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Buy Additional Licenses' })).toBeVisible()

  await page.getByRole('button', { name: 'Unassign Ada Lovelace' }).click()
  const confirm = page.getByRole('dialog', { name: 'Unassign License' })
  await expect(confirm).toContainText('Ada Lovelace (ada.assign@example.com)')
  await expectNoAxeViolations(page)
  await confirm.getByRole('button', { name: 'Unassign', exact: true }).click()
  await expect(confirm).toHaveCount(0)
  await expectNotice(page, 'License unassigned from ada.assign@example.com.')
  await expect(table(page).getByRole('row', { name: /ada\.assign@example\.com/ })).toHaveCount(0)
  await expectCounts(page, { purchased: 2, assigned: 1, available: 1 })
  await page.reload()
  await expectCounts(page, { purchased: 2, assigned: 1, available: 1 })
})

test.describe('the last free seat from two tabs', () => {
  // The losing tab's request is answered 409, which Chromium reports.
  test.use({ expectedPageErrors: [/status of 409/] })

  test('goes to one; the other sees the conflict and keeps what was typed', async ({ page, context }) => {
    await signUpOwner(page, { firstName: 'Tia', priceId: 'commercial', seats: 2 })
    await openManageLicenses(page)
    const other = await context.newPage()
    await openManageLicenses(other)
    for (const tab of [page, other]) await tab.getByRole('button', { name: 'Assign License' }).click()
    await fillAssign(page, { firstName: 'Ada', lastName: 'First', email: 'ada.first@example.com' })
    const late = await fillAssign(other, { firstName: 'Bob', lastName: 'Second', email: 'bob.second@example.com' })
    await page.getByRole('dialog', { name: 'Assign License' }).getByRole('button', { name: 'Assign', exact: true }).click()
    await expectNotice(page, 'License assigned to ada.first@example.com.')
    await late.getByRole('button', { name: 'Assign', exact: true }).click()
    await expect(late.getByRole('alert')).toHaveText('No license is left to assign. Buy additional licenses first.')
    await expect(late.getByLabel('Email')).toHaveValue('bob.second@example.com')
    await expect(late.getByLabel('First name')).toHaveValue('Bob')
    await expectNoAxeViolations(other)
  })
})

test.describe('assign several', () => {
  // The line for someone who already holds a seat is answered 409.
  test.use({ expectedPageErrors: [/status of 409/] })

  test('holds back a bad line, then assigns one by one and stops when the seats run out', async ({ page }) => {
    const owner = await signUpOwner(page, { firstName: 'Bea', priceId: 'commercial', seats: 3 })
    await openManageLicenses(page)
    await expectCounts(page, { purchased: 3, assigned: 1, available: 2 })
    await page.getByRole('button', { name: 'Assign License' }).click()
    await page.getByRole('dialog', { name: 'Assign License' }).getByRole('button', { name: 'Assign several' }).click()
    const dialog = page.getByRole('dialog', { name: 'Assign several licenses' })
    const input = dialog.getByLabel('Assignees')
    await input.fill(`Ann, One, ann.bulk@example.com\nBad line without email\nBea, Owner, ${owner}`)
    const lines = dialog.getByRole('list', { name: 'Lines to assign' }).getByRole('listitem')
    await expect(lines.nth(1)).toContainText('Expected first name, last name, email')
    await expect(dialog.getByRole('button', { name: 'Assign 2 licenses' })).toBeDisabled()
    await input.fill(`Ann, One, ann.bulk@example.com\nBea, Owner, ${owner}\nCal, Three, cal.bulk@example.com\nDee, Four, dee.bulk@example.com`)
    await dialog.getByRole('button', { name: 'Assign 4 licenses' }).click()
    await expectNotice(dialog, '2 of 4 licenses assigned.')
    await expect(lines).toHaveText([
      /ann\.bulk@example\.com — Assigned/,
      new RegExp(`${owner.replace(/\./g, '\\.')} — .*already holds a license of this subscription\\.`),
      /cal\.bulk@example\.com — Assigned/,
      /dee\.bulk@example\.com — Not assigned: no license left/,
    ])
    await expectNoAxeViolations(page)
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click()
    await expectCounts(page, { purchased: 3, assigned: 3, available: 0 })
    await expect(table(page).getByRole('row', { name: /bulk@example\.com/ })).toHaveCount(2)
  })
})

test('buying additional licenses through the sandbox checkout returns with the new seat count', async ({ page }) => {
  await signUpOwner(page, { firstName: 'Pia', priceId: 'commercial', seats: 1 })
  await openManageLicenses(page)
  await expectCounts(page, { purchased: 1, assigned: 1, available: 0 })
  await page.getByRole('button', { name: 'Buy Additional Licenses' }).click()
  const dialog = page.getByRole('dialog', { name: 'Buy Additional Licenses' })
  await dialog.getByLabel('Additional licenses').fill('2')
  await expect(dialog.getByText('Total: $598.00 per year')).toBeVisible()
  await dialog.getByRole('button', { name: 'Continue to checkout' }).click()
  await expect(page.getByText('$598.00, billed annually')).toBeVisible()
  // The checkout comes back with its session in the address (the page then tidies the address).
  const back = page.waitForURL(/\/account\/licenses\?success=true&session_id=cs_test_/, { waitUntil: 'commit' })
  await payCheckout(page)
  await back
  await expectNotice(page, 'Your additional licenses were purchased.')
  await expectCounts(page, { purchased: 3, assigned: 1, available: 2 })
  await expect(page.getByRole('button', { name: 'Assign License' })).toBeVisible()
})
