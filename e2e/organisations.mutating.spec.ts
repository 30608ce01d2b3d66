import type { Page } from '@playwright/test'
import { expectNoAxeViolations } from './support/axe'
import { expectNotice } from './support/accounts'
import { expect, test } from './support/fixtures'
import { mailTo } from './support/mail-inbox'
import { newEmail, signUpOwner } from './support/owners'

// Organisations (issue 30) in the browser, on the whole local stack: the Members page, invitations
// and their mail. Each journey's owner is new.

// The API's refusals in words (the last owner's leaving) are 409s, which the browser logs.
test.use({ expectedPageErrors: [/Failed to load resource: the server responded with a status of 409/] })

const nav = (page: Page) => page.getByRole('navigation', { name: 'Account' })
const members = (page: Page) => page.getByRole('table', { name: 'Members' })
const invitations = (page: Page) => page.getByRole('region', { name: 'Invitations' })

/** Invites someone from the Members page, as an owner. */
async function invite(page: Page, email: string, role: 'Billing manager' | 'Seat manager') {
  await invitations(page).getByRole('button', { name: 'Invite member' }).click()
  const dialog = page.getByRole('dialog', { name: 'Invite member' })
  await dialog.getByRole('textbox', { name: /^Email/ }).fill(email)
  await dialog.getByRole('radio', { name: role }).check()
  await dialog.getByRole('button', { name: 'Send invitation' }).click()
  await expectNotice(page, `Invitation sent to ${email}.`)
}

test('the last owner cannot leave; an owner invites by email, sends it again and revokes it', async ({ page }) => {
  await signUpOwner(page, { firstName: 'Olga', priceId: 'commercial', seats: 1 })
  await page.goto('/account')
  await nav(page).getByRole('link', { name: 'Members' }).click()
  await expect(members(page).getByRole('row', { name: /Olga Owner/ })).toContainText('Owner')
  await expect(invitations(page).getByText('No invitations waiting.')).toBeVisible()

  // Never zero owners: the API's 409 in its words, in the dialog.
  await page.getByRole('button', { name: 'Leave organisation' }).click()
  const leave = page.getByRole('dialog', { name: 'Leave organisation' })
  await leave.getByRole('button', { name: 'Leave', exact: true }).click()
  await expect(leave.getByRole('alert')).toHaveText('An organisation needs an owner: make another member an owner before you leave.')
  await leave.getByRole('button', { name: 'Cancel' }).click()

  const finance = newEmail('Fern')
  await invite(page, finance, 'Billing manager')
  const row = invitations(page).getByRole('row', { name: new RegExp(finance) })
  await expect(row).toContainText('Billing manager')
  await expect(row).toContainText('Olga Owner')
  const mail = await mailTo(finance)
  expect(mail.subject).toBe('An invitation to manage Prism licenses')
  expect(mail.text).toMatch(/\/account\/invitations\/[\w-]{43}/)
  await expectNoAxeViolations(page)

  await invitations(page)
    .getByRole('button', { name: `Resend invitation to ${finance}` })
    .click()
  await expectNotice(page, `Invitation sent again to ${finance}. The link sent before no longer works.`)
  await invitations(page)
    .getByRole('button', { name: `Revoke invitation to ${finance}` })
    .click()
  await page.getByRole('dialog', { name: 'Revoke invitation' }).getByRole('button', { name: 'Revoke', exact: true }).click()
  await expectNotice(page, `The invitation to ${finance} was revoked.`)
  await expect(invitations(page).getByText('No invitations waiting.')).toBeVisible()
})
