import { expectNotice } from './support/accounts'
import type { Page } from '@playwright/test'
import { hostileValues } from '../testkit/hostile-values'
import { expect, test } from './support/fixtures'
import { signUpOwner } from './support/owners'

// Markup, script, SQL, emoji and right-to-left text saved through the forms, read back after a
// reload as literal text: no element injected, no dialog opened (decision 0009).

const profile = {
  'First name': hostileValues.script,
  'Last name': hostileValues.image,
  Company: hostileValues.sqlDrop,
  Country: hostileValues.rightToLeft,
  Address: hostileValues.emoji,
  City: hostileValues.sqlQuote,
  State: hostileValues.decomposed,
  Zip: '<i>1</i>',
}

/** Nothing the values hold became an element of the page. */
async function expectNothingInjected(page: Page) {
  await expect(page.locator('img[src="x"], b:text("Ltd"), i:text-is("1"), script:text("alert(1)")')).toHaveCount(0)
}

// A seat's holder with a 10,000-character name is refused; the longest values the limits allow wrap.
const longest = { firstName: 'W'.repeat(100), lastName: 'L'.repeat(100), email: `${'e'.repeat(242)}@example.com` }

test('hostile values are stored and shown as text; over-long ones are refused under their field', async ({ page }) => {
  // One new owner for four steps: signing up and paying takes a third of the default time.
  test.setTimeout(60_000)
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`)
    void dialog.dismiss()
  })
  const writes: string[] = []
  page.on('request', (request) => {
    if (request.method() !== 'GET' && request.url().includes('/api/')) writes.push(`${request.method()} ${new URL(request.url()).pathname}`)
  })
  await signUpOwner(page, { firstName: 'Hana', priceId: 'commercial', seats: 3 })

  await test.step('the profile keeps each value verbatim', async () => {
    await page.goto('/account/profile')
    for (const [label, value] of Object.entries(profile)) await page.getByLabel(label, { exact: true }).fill(value)
    await page.getByRole('button', { name: 'Update Profile' }).click()
    await expectNotice(page, 'Your profile was updated.')
    await page.reload()
    for (const [label, value] of Object.entries(profile)) await expect(page.getByLabel(label, { exact: true })).toHaveValue(value)
    await expect(page.getByRole('button', { name: `Account menu for ${hostileValues.script} ${hostileValues.image}` })).toBeVisible()
    await expectNothingInjected(page)
  })

  await test.step('a 10,000-character company is refused under its field, kept, and not sent', async () => {
    const sent = writes.length
    const company = page.getByLabel('Company', { exact: true })
    await company.fill('x'.repeat(10_000))
    await page.getByRole('button', { name: 'Update Profile' }).click()
    await expect(company).toHaveAccessibleDescription('Company must be at most 200 characters')
    await expect(company).toHaveValue('x'.repeat(10_000))
    expect(writes.length).toBe(sent)
    // Back to the saved value, so leaving the page does not ask about unsaved changes.
    await company.fill(profile.Company)
  })

  await test.step('an assignee name with markup is refused in words; a name of letters and marks is listed as typed', async () => {
    await page.goto('/account/licenses')
    const table = page.getByRole('table', { name: 'Assigned licenses' })
    await page.getByRole('button', { name: 'Assign License' }).click()
    const dialog = page.getByRole('dialog', { name: 'Assign License' })
    const sent = writes.length
    const firstName = dialog.getByLabel('First name')
    await firstName.fill(hostileValues.markup)
    await dialog.getByLabel('Last name').fill(hostileValues.decomposed)
    await dialog.getByLabel('Email').fill('hostile.names@example.com')
    await dialog.getByRole('button', { name: 'Assign', exact: true }).click()
    await expect(firstName).toHaveAccessibleDescription("First name may hold only letters, marks, spaces and . ' -")
    expect(writes.length).toBe(sent)
    await firstName.fill(hostileValues.composed)
    await dialog.getByRole('button', { name: 'Assign', exact: true }).click()
    await expectNotice(page, 'License assigned to hostile.names@example.com.')
    await page.reload()
    // The name as typed, marked Pending until its holder first signs in.
    await expect(table.getByRole('cell', { name: `${hostileValues.composed} ${hostileValues.decomposed} Pending`, exact: true })).toBeVisible()
    await expectNothingInjected(page)
  })

  await test.step('10,000 characters in the assign dialog are refused under the field and kept', async () => {
    const sent = writes.length
    await page.getByRole('button', { name: 'Assign License' }).click()
    const dialog = page.getByRole('dialog', { name: 'Assign License' })
    const firstName = dialog.getByLabel('First name')
    await firstName.fill('é'.repeat(10_000))
    await dialog.getByLabel('Last name').fill(longest.lastName)
    await dialog.getByLabel('Email').fill(longest.email)
    await dialog.getByRole('button', { name: 'Assign', exact: true }).click()
    await expect(firstName).toHaveAccessibleDescription('First name must be at most 100 characters')
    await expect(firstName).toHaveValue('é'.repeat(10_000))
    expect(writes.length).toBe(sent)
    await firstName.fill(longest.firstName)
    await dialog.getByRole('button', { name: 'Assign', exact: true }).click()
    // The longest values wrap: the notice holds its text, and the row's button stays in view.
    const notice = page.getByRole('status')
    await expect(notice).toContainText(longest.email)
    expect(await notice.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true)
    const table = page.getByRole('table', { name: 'Assigned licenses' })
    await expect(table.getByRole('cell', { name: longest.email })).toBeVisible()
    const unassign = await table.getByRole('button', { name: `Unassign ${longest.firstName} ${longest.lastName}` }).boundingBox()
    expect(unassign!.x + unassign!.width).toBeLessThanOrEqual(page.viewportSize()!.width)
    await page.screenshot({ path: test.info().outputPath('long-values.png'), fullPage: true })
  })

  expect(dialogs).toEqual([])
})
