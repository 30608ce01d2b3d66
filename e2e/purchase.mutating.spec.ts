import { expectNotice } from './support/accounts'
import { expect, test } from './support/fixtures'
import { payCheckout, signUpOwner, signUpPerson } from './support/owners'

// Each journey signs up a person of its own: the demo accounts stay as the other tests expect them.

test('buying Commercial through the sandbox checkout, then the license is there', async ({ page }) => {
  const buyer = await signUpPerson(page, 'Nia')
  await page.goto('/account/purchase?pid=commercial')
  await page.getByRole('button', { name: 'More developers' }).click()
  await page.getByRole('button', { name: 'Buy Commercial' }).click()
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible()
  await expect(page.getByText('$598.00, billed annually')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Pay $598.00' })).toBeVisible()
  await payCheckout(page)
  await expect(page.getByRole('heading', { name: 'Purchase Complete' })).toBeVisible()
  await expect(page).toHaveURL(/success=true&session_id=cs_test_/)
  await expectNotice(page, 'Thank you! Your licenses are ready: find their keys under My Licenses, and assign seats to your developers under Manage Licenses.', { timeout: 15_000 })
  await page.getByRole('link', { name: 'Go to My Licenses' }).click()
  await expect(page.getByRole('article', { name: 'Commercial', exact: true }).getByText(`Owner: ${buyer}`)).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Manage Licenses' })).toBeVisible()
})

test.describe('a declined card', () => {
  // The sandbox answers the declined payment with 402, which Chromium reports.
  test.use({ expectedPageErrors: [/status of 402/] })

  test('then cancelling the checkout says Purchase Incomplete and leads back', async ({ page }) => {
    await signUpPerson(page, 'Dee')
    await page.goto('/account/purchase?pid=commercial')
    await page.getByRole('button', { name: 'Buy Commercial' }).click()
    await payCheckout(page, '4000 0000 0000 0002')
    await expect(page.getByRole('alert')).toHaveText('Your card was declined.')
    await page.getByRole('button', { name: 'Cancel' }).click()
    await expect(page.getByRole('heading', { name: 'Purchase Incomplete' })).toBeVisible()
    await page.getByRole('link', { name: 'Back to the purchase' }).click()
    await expect(page.getByRole('heading', { name: 'Purchase Commercial' })).toBeVisible()
  })
})

test('connecting Discord opens the invite in a new tab and marks the card [S4.discord.invite]', async ({ page, context }) => {
  // Discord itself is out of reach here: the new tab gets a stand-in page.
  await context.route('https://discord.gg/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Discord invite</title>' }))
  await signUpOwner(page, { firstName: 'Paula', priceId: 'commercial-plus', seats: 1 })
  await page.goto('/account')
  await page.getByRole('article', { name: 'Commercial Plus' }).getByRole('button', { name: 'Connect Discord' }).click()
  const dialog = page.getByRole('dialog', { name: 'Connect Discord' })
  await dialog.getByLabel('Discord username').fill('paula.plus')
  const invite = context.waitForEvent('page')
  await dialog.getByRole('button', { name: 'Join Prism Discord' }).click()
  expect((await invite).url()).toContain('discord.gg/prism-local-invite')
  await expect(page.getByRole('article', { name: 'Commercial Plus' }).getByText('Discord Connected')).toBeVisible()
})
