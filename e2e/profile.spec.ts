import { expectNoAxeViolations } from './support/axe'
import { demo, signInAs } from './support/accounts'
import { expect, test } from './support/fixtures'
import { holdRequests, pageRequestsSettled } from './support/held-requests'

test.describe('profile', () => {
  test('a deep link to the profile comes back there after sign-in [S2.profile.form]', async ({ page }) => {
    await signInAs(page, demo.dev1, '/account/profile')
    await expect(page).toHaveURL(/\/account\/profile$/)
    await expect(page.getByRole('group', { name: 'Personal Information' })).toBeVisible()
    await expect(page.getByRole('group', { name: 'Notifications' })).toBeVisible()
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(demo.dev1)
    await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('readonly', '')
    await expect(page.getByLabel('Email me product announcements')).toBeChecked()
    await expectNoAxeViolations(page)
  })

  test.describe('as a Community owner', () => {
    test.use({ signedInAs: demo.community })
    test('saves every field as typed, and keeps it across a reload', async ({ page }) => {
      await page.goto('/account/profile')
      const values = { 'First name': 'Cody <b>', Company: 'Contoso; DROP TABLE accounts', City: 'مدينة', State: '🙂 State', Zip: '1010' }
      for (const [label, value] of Object.entries(values)) await page.getByLabel(label, { exact: true }).fill(value)
      await page.getByLabel('Email me product announcements').uncheck()
      await page.getByRole('button', { name: 'Update Profile' }).click()
      await expect(page.getByRole('status').filter({ hasText: 'Your profile was updated.' })).toBeVisible()
      await expect(page.getByRole('button', { name: 'Account menu for Cody <b> Community' })).toBeVisible()
      // Saved: leaving does not ask, and a fresh load shows what was stored.
      await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'My Licenses' }).click()
      await expect(page.getByRole('heading', { name: 'My Licenses' })).toBeVisible()
      await page.goto('/account/profile')
      for (const [label, value] of Object.entries(values)) await expect(page.getByLabel(label, { exact: true })).toHaveValue(value)
      await expect(page.getByLabel('Email me product announcements')).not.toBeChecked()
    })
  })

  test.describe('as an owner whose seats are all assigned', () => {
    test.use({ signedInAs: demo.full })
    test('shows field errors from the contract before sending', async ({ page }) => {
      await page.goto('/account/profile')
      let puts = 0
      await page.route('**/api/account/', (route) => {
        if (route.request().method() === 'PUT') puts++
        return route.continue()
      })
      await page.getByLabel('Avatar image URL').fill('http://insecure.example.com/me.png')
      await page.getByLabel('GitHub username').fill('not valid!')
      await page.getByRole('button', { name: 'Update Profile' }).click()
      await expect(page.getByText('Avatar image must be an https address')).toBeVisible()
      await expect(page.getByText('GitHub username may hold letters, digits and single hyphens')).toBeVisible()
      expect(puts).toBe(0)
    })
  })

  test.describe('when saving fails', () => {
    test.use({ expectedPageErrors: [/status of 500/] })

    test.describe('as a Commercial Plus holder', () => {
      test.use({ signedInAs: demo.plus })
      test('the error shows and every typed value stays; one click sends one request', async ({ page }) => {
        await page.goto('/account/profile')
        const save = await holdRequests(page, '/api/account/', 'PUT')
        await page.getByLabel('Company', { exact: true }).fill('Fabrikam')
        await page.getByLabel('Address').fill('2 Side Street')
        await page.getByRole('button', { name: 'Update Profile' }).dblclick()
        await expect.poll(() => save.held.length).toBe(1)
        await Promise.all(save.held.map((route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' })))
        await expect(page.getByRole('alert')).toContainText("We're experiencing technical difficulties. Please try again later or contact support if the problem persists.")
        await expect(page.getByLabel('Company', { exact: true })).toHaveValue('Fabrikam')
        await expect(page.getByLabel('Address')).toHaveValue('2 Side Street')
        await pageRequestsSettled(page)
        expect(save.held).toHaveLength(1)
        // Nothing was stored, so leaving still asks first.
        await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'My Licenses' }).click()
        await expect(page.getByRole('dialog', { name: 'Leave without saving?' })).toBeVisible()
      })
    })
  })

  test.describe('as a Commercial owner', () => {
    test.use({ signedInAs: demo.commercial })
    test('asks before leaving with unsaved changes', async ({ page }) => {
      await page.goto('/account/profile')
      await page.getByLabel('City').fill('Springfield')
      await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'My Licenses' }).click()
      const dialog = page.getByRole('dialog', { name: 'Leave without saving?' })
      await expect(dialog).toBeVisible()
      await dialog.getByRole('button', { name: 'Stay on this page' }).click()
      await expect(page.getByLabel('City')).toHaveValue('Springfield')
      await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'My Licenses' }).click()
      await page.getByRole('dialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Leave without saving' }).click()
      await expect(page.getByRole('heading', { name: 'My Licenses' })).toBeVisible()
    })
  })
})
