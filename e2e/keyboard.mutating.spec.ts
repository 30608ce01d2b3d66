import { expectNoAxeViolations } from './support/axe'
import { expect, test } from './support/fixtures'
import { tabTo } from './support/keyboard'
import { signUpOwner } from './support/owners'

/** The two flows that change seats and plans, done with the keyboard alone; each dialog gives the focus back to its opener. */

test('the assign dialog: opened, filled and sent by keyboard; Escape and sending give the focus back', async ({ page }) => {
  // Signing up and paying the checkout come first.
  test.setTimeout(90_000)
  await signUpOwner(page, { firstName: 'Kai', priceId: 'commercial', seats: 3 })
  await page.goto('/account/licenses')
  const opener = page.getByRole('button', { name: 'Assign License' })
  const dialog = page.getByRole('dialog', { name: 'Assign License' })

  await tabTo(page, opener)
  await page.keyboard.press('Enter')
  await expect(dialog.getByLabel('First name')).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(opener).toBeFocused()

  await page.keyboard.press('Enter')
  await expect(dialog.getByLabel('First name')).toBeFocused()
  await page.keyboard.type('Keyboard')
  await page.keyboard.press('Tab')
  await page.keyboard.type('User')
  await page.keyboard.press('Tab')
  await page.keyboard.type('keyboard.user@example.com')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('status').filter({ hasText: 'License assigned to keyboard.user@example.com.' })).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('row', { name: /keyboard\.user@example\.com/ })).toBeVisible()
  await expect(opener).toBeFocused()

  // Unassigning asks first; the confirmation takes the focus, so Enter confirms.
  const unassign = page.getByRole('button', { name: 'Unassign Keyboard User' })
  await tabTo(page, unassign)
  await page.keyboard.press('Enter')
  const confirm = page.getByRole('dialog', { name: 'Unassign License' })
  await expect(confirm.getByRole('button', { name: 'Unassign', exact: true })).toBeFocused()
  await expectNoAxeViolations(page)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('status').filter({ hasText: 'License unassigned from keyboard.user@example.com.' })).toBeVisible()
  await expect(page.getByRole('row', { name: /keyboard\.user@example\.com/ })).toHaveCount(0)
})

test('the upgrade wizard: plan, seats, card and confirmation by keyboard; Escape gives the focus back', async ({ page }) => {
  test.setTimeout(90_000)
  await signUpOwner(page, { firstName: 'Kit', priceId: 'community', seats: 1 })
  await page.goto('/account/licenses')
  const opener = page.getByRole('button', { name: 'Upgrade', exact: true })
  const dialog = page.getByRole('dialog', { name: 'Upgrade Subscription' })

  await tabTo(page, opener)
  await page.keyboard.press('Enter')
  await expect(dialog.getByRole('radiogroup', { name: 'Plan' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(opener).toBeFocused()

  await page.keyboard.press('Enter')
  const plans = dialog.getByRole('radiogroup', { name: 'Plan' })
  await tabTo(page, plans.getByRole('radio', { checked: true }))
  // Arrow keys move the choice within the group: from Commercial to Commercial Plus.
  await page.keyboard.press('ArrowDown')
  await expect(plans.getByRole('radio', { name: /^Commercial Plus/ })).toBeChecked()
  await page.keyboard.press('Tab')
  await expect(dialog.getByLabel('Licenses')).toBeFocused()
  await page.keyboard.press('Control+A')
  await page.keyboard.type('2')
  await tabTo(page, dialog.getByRole('button', { name: 'Continue' }))
  await page.keyboard.press('Enter')

  // No card on file: the payment step.
  await tabTo(page, dialog.getByLabel('Card number'))
  await page.keyboard.type('4242 4242 4242 4242')
  await tabTo(page, dialog.getByLabel('Expiration (MM / YY)'))
  await page.keyboard.type('12 / 34')
  await tabTo(page, dialog.getByLabel('Security code (CVC)'))
  await page.keyboard.type('123')
  await tabTo(page, dialog.getByRole('button', { name: 'Save payment method' }))
  await page.keyboard.press('Enter')

  const summary = dialog.getByRole('table', { name: 'Your upgrade' })
  await expect(summary.getByRole('row', { name: /^Plan/ })).toContainText('Commercial Plus')
  await expect(summary.getByRole('row', { name: /^Card/ })).toContainText('Visa ending in 4242')
  await tabTo(page, dialog.getByRole('button', { name: 'Confirm' }))
  await page.keyboard.press('Enter')
  await expect(dialog.getByRole('heading', { name: 'Upgrade Successful!' })).toBeVisible()
  await expectNoAxeViolations(page)
  await tabTo(page, dialog.getByRole('button', { name: 'Refresh Page' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('group', { name: 'Subscription' })).toContainText('Commercial Plus')
})
