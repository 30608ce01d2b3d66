import { expectNoAxeViolations } from './support/axe'
import { demo } from './support/accounts'
import { openSignedIn } from './support/signed-in'
import { expect, test } from './support/fixtures'
import type { Page } from '@playwright/test'

const tile = (page: Page, label: string) => page.getByRole('group', { name: label })

async function openManageLicenses(page: Page, email: string) {
  await openSignedIn(page, email, '/account/licenses')
  await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Manage Licenses' })).toHaveAttribute('href', '/account/licenses')
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Licenses' })).toBeVisible()
  await expect(tile(page, 'Available')).toBeVisible()
}

test.describe('Manage Licenses shows the button the seats allow [S2.manage.action-button S2.manage.upgrade-badge]', () => {
  test('Community: the Upgrade badge, and no header button', async ({ page }) => {
    await openManageLicenses(page, demo.community)
    await expect(tile(page, 'Subscription')).toContainText('Community')
    await expect(tile(page, 'Available')).toContainText('0')
    await expect(page.getByRole('button', { name: 'Upgrade', exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Assign License' })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Buy Additional Licenses' })).toHaveCount(0)
    await expectNoAxeViolations(page)
  })

  test('Commercial with free seats: Assign License, and the upgrade to Commercial Plus on the tile', async ({ page }) => {
    await openManageLicenses(page, demo.commercial)
    await expect(tile(page, 'Purchased')).toContainText('5')
    await expect(tile(page, 'Assigned')).toContainText('2')
    await expect(tile(page, 'Available')).toContainText('3')
    await expect(page.getByRole('button', { name: 'Assign License' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Buy Additional Licenses' })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Upgrade', exact: true })).toHaveCount(0)
    await expect(tile(page, 'Subscription').getByRole('button', { name: 'Upgrade to Commercial Plus' })).toBeVisible()
    const table = page.getByRole('table', { name: 'Assigned licenses' })
    await expect(table.getByRole('row')).toHaveCount(3)
    // 'Pending' until Dev One first signs in, which other tests may do first.
    await expect(table.getByRole('row', { name: /dev1@example\.com/ })).toContainText(/Dev One\s*(Pending\s*)?dev1@example\.com\s*[A-Z][a-z]+ \d{1,2}, \d{4}/)
    await expectNoAxeViolations(page)
  })

  test('Commercial with no seat free: Buy Additional Licenses', async ({ page }) => {
    await openManageLicenses(page, demo.full)
    await expect(tile(page, 'Available')).toContainText('0')
    await expect(page.getByRole('button', { name: 'Buy Additional Licenses' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Assign License' })).toHaveCount(0)
  })

  test('Commercial Plus: Assign License, and no upgrade at all', async ({ page }) => {
    await openManageLicenses(page, demo.plus)
    await expect(tile(page, 'Subscription')).toContainText('Commercial Plus')
    await expect(page.getByRole('button', { name: 'Assign License' })).toBeVisible()
    await expect(page.getByRole('button', { name: /Upgrade/ })).toHaveCount(0)
  })
})

test('the table searches by name or email and sorts by each column', async ({ page }) => {
  await openManageLicenses(page, demo.commercial)
  const table = page.getByRole('table', { name: 'Assigned licenses' })
  const names = table.getByRole('row').locator('td:first-child')
  // Dev One's seat reads 'Pending' until Dev One first signs in, which other tests may do first.
  const devOne = /^Dev One(Pending)?$/
  await expect(names).toHaveText(['Cara Commercial', devOne])
  await table.getByRole('button', { name: 'Name', exact: true }).click()
  await expect(names).toHaveText([devOne, 'Cara Commercial'])
  await expect(table.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending')
  await table.getByRole('button', { name: 'Email', exact: true }).click()
  await expect(names).toHaveText(['Cara Commercial', devOne])
  await page.getByLabel('Search licenses').fill('DEV1@')
  await expect(names).toHaveText([devOne])
  await page.getByLabel('Search licenses').fill('cara')
  await expect(names).toHaveText(['Cara Commercial'])
  await page.getByLabel('Search licenses').fill('nobody')
  await expect(table).toContainText('No assigned license matches the search.')
})

test('the assign dialog checks each field and the email before sending [S5.assign.required]', async ({ page }) => {
  await openManageLicenses(page, demo.commercial)
  await page.getByRole('button', { name: 'Assign License' }).click()
  const dialog = page.getByRole('dialog', { name: 'Assign License' })
  await dialog.getByRole('button', { name: 'Assign', exact: true }).click()
  await expect(dialog.getByText('First name is required')).toBeVisible()
  await expect(dialog.getByText('Last name is required')).toBeVisible()
  await expect(dialog.getByText('Email is required')).toBeVisible()
  await dialog.getByLabel('First name').fill('Ada')
  await dialog.getByLabel('Last name').fill('Lovelace')
  await dialog.getByLabel('Email').fill('ada-at-example.com')
  await dialog.getByRole('button', { name: 'Assign', exact: true }).click()
  await expect(dialog.getByText('Email must be a valid email address')).toBeVisible()
  await expect(dialog.getByText('First name is required')).toHaveCount(0)
  await expectNoAxeViolations(page)
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(tile(page, 'Assigned')).toContainText('2')
})

test('assign several shows each pasted line with its check before sending', async ({ page }) => {
  await openManageLicenses(page, demo.commercial)
  await page.getByRole('button', { name: 'Assign License' }).click()
  await page.getByRole('dialog', { name: 'Assign License' }).getByRole('button', { name: 'Assign several' }).click()
  const dialog = page.getByRole('dialog', { name: 'Assign several licenses' })
  await dialog.getByLabel('Assignees').fill('Ada, Lovelace, ada@example.com\nGrace, Hopper\nAlan, Turing, not-an-email')
  const lines = dialog.getByRole('list', { name: 'Lines to assign' }).getByRole('listitem')
  await expect(lines).toHaveText([
    /Ada, Lovelace, ada@example\.com — Ready to assign/,
    /Grace, Hopper — Expected first name, last name, email/,
    /Alan, Turing, not-an-email — Email must be a valid email address/,
  ])
  await expect(dialog.getByRole('button', { name: 'Assign 1 license' })).toBeDisabled()
  await expectNoAxeViolations(page)
})

test('buy additional licenses shows the price per license and the total [S9.prices]', async ({ page }) => {
  await openManageLicenses(page, demo.full)
  await page.getByRole('button', { name: 'Buy Additional Licenses' }).click()
  const dialog = page.getByRole('dialog', { name: 'Buy Additional Licenses' })
  await expect(dialog.getByText('Commercial: $299.00 per license, billed annually')).toBeVisible()
  await expect(dialog.getByText('Total: $299.00 per year')).toBeVisible()
  await dialog.getByLabel('Additional licenses').fill('12')
  await expect(dialog.getByText('Total: $3,588.00 per year')).toBeVisible()
  await expectNoAxeViolations(page)
})

test('the upgrade wizard offers the plans above Community, with seats from 1 to 500 [S5.seats.upgrade-maximum S4.upgrade.paths]', async ({ page }) => {
  await openManageLicenses(page, demo.community)
  await page.getByRole('button', { name: 'Upgrade', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Upgrade Subscription' })
  await expect(dialog.getByRole('radio')).toHaveCount(2)
  await expect(dialog.getByRole('radio', { name: 'Commercial — $299.00 per license' })).toBeChecked()
  await expect(dialog.getByLabel('Licenses')).toHaveValue('1')
  await expect(dialog.getByText('Total: $299.00 per year')).toBeVisible()
  await dialog.getByRole('radio', { name: 'Commercial Plus — $499.00 per license' }).check()
  await dialog.getByLabel('Licenses').fill('500')
  await expect(dialog.getByText('Total: $249,500.00 per year')).toBeVisible()
  await dialog.getByLabel('Licenses').fill('501')
  await expect(dialog.getByText('Total: $249,500.00 per year')).toBeVisible()
  await expectNoAxeViolations(page)
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toHaveCount(0)
})
