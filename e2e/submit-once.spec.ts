import { demo, expectNotice } from './support/accounts'
import { expect, test } from './support/fixtures'
import { holdRequests, pageRequestsSettled } from './support/held-requests'

// A real triple click, or Enter pressed again and again, sends one request while the first is in
// flight (the requests are held here, so no data changes).

test.use({ signedInAs: demo.commercial })

test('Update Profile, Assign and Billing each send one request however often they are pressed', async ({ page }) => {
  await page.goto('/account/profile')

  await test.step('Update Profile, triple-clicked', async () => {
    const save = await holdRequests(page, '/api/account/', 'PUT')
    const company = page.getByLabel('Company', { exact: true })
    const stored = await company.inputValue()
    await company.fill('Fabrikam')
    await page.getByRole('button', { name: 'Update Profile' }).click({ clickCount: 3 })
    await expect.poll(() => save.held.length).toBe(1)
    await save.release(null)
    await expectNotice(page, 'Your profile was updated.')
    await pageRequestsSettled(page)
    expect(save.held).toHaveLength(1)
    // The held save never reached the server: back to what it stores, so leaving does not ask.
    await company.fill(stored)
  })

  await test.step('Assign, with Enter pressed three times', async () => {
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Manage Licenses' }).click()
    const assign = await holdRequests(page, '/api/licenses/assign', 'POST')
    await page.getByRole('button', { name: 'Assign License' }).click()
    const dialog = page.getByRole('dialog', { name: 'Assign License' })
    await dialog.getByLabel('First name').fill('Ada')
    await dialog.getByLabel('Last name').fill('Once')
    const email = dialog.getByLabel('Email')
    await email.fill('ada.once@example.com')
    for (let press = 0; press < 3; press++) await email.press('Enter')
    await expect.poll(() => assign.held.length).toBe(1)
    await assign.release({ id: 'seat_once', firstName: 'Ada', lastName: 'Once', email: 'ada.once@example.com', expirationDate: '2027-11-22T00:00:00.000Z' })
    await expectNotice(page, 'License assigned to ada.once@example.com.')
    await pageRequestsSettled(page)
    expect(assign.held).toHaveLength(1)
  })

  await test.step('Billing, triple-clicked', async () => {
    const portal = await holdRequests(page, '/api/stripe/create-customer-portal-session', 'POST')
    await page
      .getByRole('navigation', { name: 'Account' })
      .getByRole('button', { name: /^Billing/ })
      .click({ clickCount: 3 })
    await expect.poll(() => portal.held.length).toBe(1)
    // While the first request is out, Billing says so and refuses another press.
    await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: /^Billing/ })).toBeDisabled()
    await pageRequestsSettled(page)
    expect(portal.held).toHaveLength(1)
  })
})
