import { demo, signInAs } from './support/accounts'
import { expect, test } from './support/fixtures'

test('buying Commercial through the sandbox checkout, then the license is there', async ({ page }) => {
  await signInAs(page, demo.nolicense, '/account/purchase?pid=commercial')
  await page.getByRole('button', { name: 'More developers' }).click()
  await page.getByRole('button', { name: 'Buy Commercial' }).click()
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible()
  await expect(page.getByText('$598.00, billed annually')).toBeVisible()
  await page.getByLabel('Card number').fill('4242 4242 4242 4242')
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34')
  await page.getByLabel('CVC').fill('123')
  await page.getByRole('button', { name: 'Pay $598.00' }).click()
  await expect(page.getByRole('heading', { name: 'Purchase Complete' })).toBeVisible()
  await expect(page).toHaveURL(/success=true&session_id=cs_test_/)
  await page.getByRole('link', { name: 'Go to My Licenses' }).click()
  await expect(page.getByRole('article', { name: 'Commercial', exact: true }).getByText('Owner: nolicense@example.com')).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Manage Licenses' })).toBeVisible()
})

test.describe('a declined card', () => {
  // The sandbox answers the declined payment with 402, which Chromium reports.
  test.use({ expectedPageErrors: [/status of 402/] })

  test('then cancelling the checkout says Purchase Incomplete and leads back', async ({ page }) => {
    await signInAs(page, demo.full, '/account/purchase?pid=commercial')
    await page.getByRole('button', { name: 'Buy Commercial' }).click()
    await page.getByLabel('Card number').fill('4000 0000 0000 0002')
    await page.getByLabel('Expiry (MM / YY)').fill('12 / 34')
    await page.getByLabel('CVC').fill('123')
    await page.getByRole('button', { name: /^Pay / }).click()
    await expect(page.getByRole('alert')).toHaveText('Your card was declined.')
    await page.getByRole('button', { name: 'Cancel' }).click()
    await expect(page.getByRole('heading', { name: 'Purchase Incomplete' })).toBeVisible()
    await page.getByRole('link', { name: 'Back to the purchase' }).click()
    await expect(page.getByRole('heading', { name: 'Purchase Commercial' })).toBeVisible()
  })
})

test('connecting Discord opens the invite in a new tab and marks the card', async ({ page, context }) => {
  // Discord itself is out of reach here: the new tab gets a stand-in page.
  await context.route('https://discord.gg/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Discord invite</title>' }))
  await signInAs(page, demo.plus)
  await page.getByRole('article', { name: 'Commercial Plus' }).getByRole('button', { name: 'Connect Discord' }).click()
  const dialog = page.getByRole('dialog', { name: 'Connect Discord' })
  await dialog.getByLabel('Discord username').fill('paula.plus')
  const invite = context.waitForEvent('page')
  await dialog.getByRole('button', { name: 'Join Prism Discord' }).click()
  expect((await invite).url()).toContain('discord.gg/prism-local-invite')
  await expect(page.getByRole('article', { name: 'Commercial Plus' }).getByText('Discord Connected')).toBeVisible()
})
