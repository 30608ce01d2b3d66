import type { Browser, Page } from '@playwright/test'
import { expectNoAxeViolations } from './support/axe'
import { assignLicense, expectNotice, licenseCard } from './support/accounts'
import { expect, test } from './support/fixtures'
import { mailTo } from './support/mail-inbox'
import { newEmail, signUp, signUpAs, signUpOwner } from './support/owners'

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
  expect(mail.text).toMatch(/\/account\/invitations#[\w-]{43}/)
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

/** The page an invitation's mail links to, on this stack: the secret is the fragment. */
async function invitationLink(email: string) {
  const mail = await mailTo(email)
  const link = new URL(/https?:\/\/\S+\/account\/invitations#[\w-]{43}/.exec(mail.text)![0])
  return { path: `${link.pathname}${link.hash}`, secret: link.hash.slice(1) }
}

/** A browser of someone's own, as every test's is: a visitor who prefers reduced motion (decision 0017). */
async function ownBrowser(browser: Browser) {
  return (await browser.newContext({ reducedMotion: 'reduce' })).newPage()
}

/**
 * Someone invited opens the link in a browser of their own, signs up there with the address, and
 * accepts; `mailedBefore` opens it as links mailed before the secret moved to the fragment were.
 */
async function accept(browser: Browser, firstName: string, email: string, role: string, mailedBefore = false) {
  const page = await ownBrowser(browser)
  const mailed = await invitationLink(email)
  const link = mailedBefore ? { ...mailed, path: `/account/invitations/${mailed.secret}` } : mailed
  // No address the browser asks for holds the secret: not the identity provider's (the sign-in's
  // state), not the site's, not the API's (it goes in the body) (issue 48).
  const addresses: string[] = []
  page.on('request', (request) => addresses.push(decodeURIComponent(request.url().split('#')[0]!)))
  // The link signs nobody in: the identity provider asks first, then brings them back to it.
  await signUp(page, firstName, link.path, email)
  const offer = page.getByRole('region', { name: 'What you are invited to' })
  await expect(offer).toContainText(`Olga Owner invites you to manage the Prism licenses of`)
  await expect(offer).toContainText(`as a ${role}.`)
  await offer.getByRole('button', { name: 'Accept invitation' }).click()
  await expect(page.getByRole('status').filter({ hasText: `You are a ${role} of ` })).toBeVisible()
  // The old form's first request holds it, as its link did; none after it.
  expect(addresses.filter((address) => address.includes(link.secret))).toEqual(mailedBefore ? [addresses[0]] : [])
  return page
}

test('an owner invites a billing manager and a seat manager; each accepts and can do what the role allows, and nothing else; ownership moves once accepted', async ({ page, browser }) => {
  test.setTimeout(120_000)
  await signUpOwner(page, { firstName: 'Olga', priceId: 'commercial', seats: 3 })
  await page.goto('/account/members')
  const [billing, seats] = [newEmail('Bea'), newEmail('Sam')]
  await invite(page, billing, 'Billing manager')
  await invite(page, seats, 'Seat manager')

  // The billing manager: Billing and the subscription's tiles; no seats, no keys, no members to manage.
  const bea = await accept(browser, 'Bea', billing, 'billing manager')
  await expect(nav(bea).getByRole('link')).toHaveText(['My Licenses', 'Profile', 'Manage Licenses', 'Invoices and company', 'Members'])
  await nav(bea).getByRole('link', { name: 'Manage Licenses' }).click()
  await expect(bea.getByRole('group', { name: 'Subscription' })).toContainText('Commercial')
  await expect(bea.getByRole('button', { name: 'Upgrade to Commercial Plus' })).toBeEnabled()
  await expect(bea.getByText('Assigned licenses')).toHaveCount(0)
  await expect(bea.getByRole('button', { name: 'Assign License' })).toHaveCount(0)
  // Away from the link just clicked: the sidebar's hovered active link is the sidebar's own matter.
  await bea.mouse.move(0, 0)
  await expectNoAxeViolations(bea)
  await nav(bea).getByRole('link', { name: 'Members' }).click()
  await expect(members(bea).getByRole('row', { name: /Bea Owner/ })).toContainText('Billing manager')
  await expect(bea.getByRole('button', { name: /^Change role of / })).toHaveCount(0)
  await expect(invitations(bea)).toHaveCount(0)
  await nav(bea)
    .getByRole('button', { name: /^Billing/ })
    .click()
  await expect(bea.getByRole('heading', { name: 'Billing portal' })).toBeVisible()

  // The seat manager: Manage Licenses with its seats, assigning one; no Billing, no buying or upgrading.
  const sam = await accept(browser, 'Sam', seats, 'seat manager', true)
  await expect(nav(sam).getByRole('link')).toHaveText(['My Licenses', 'Profile', 'Manage Licenses', 'Members'])
  await expect(nav(sam).getByRole('button', { name: /^Billing/ })).toHaveCount(0)
  await nav(sam).getByRole('link', { name: 'Manage Licenses' }).click()
  await expect(sam.getByRole('button', { name: 'Upgrade to Commercial Plus' })).toHaveCount(0)
  const developer = newEmail('Dev')
  await assignLicense(sam, { firstName: 'Dev', lastName: 'Eloper', email: developer })
  // The developer has not signed in yet: the seat is pending, and its mail can be sent again (the caps put it off to tomorrow).
  const seat = sam.getByRole('row', { name: /Dev Eloper/ })
  await expect(seat).toContainText('Pending')
  // The first mail delivered (not still queued, where a resend would take its place) before Resend.
  await mailTo(developer)
  await seat.getByRole('button', { name: 'Resend the assignment email to Dev Eloper' }).click()
  await expectNotice(sam, `${developer} had an email from your organisation today: this one goes out tomorrow.`)
  await expect(
    sam
      .getByRole('region', { name: 'Recent activity' })
      .getByRole('listitem')
      .filter({ hasText: `Sam Owner (seat manager) assigned a Commercial license to ${developer}` }),
  ).toBeVisible()

  // The owner offers the ownership to the billing manager and becomes a seat manager once she accepts.
  await page.reload()
  await page.getByRole('button', { name: 'Transfer ownership' }).click()
  const transfer = page.getByRole('dialog', { name: 'Transfer ownership' })
  await transfer.getByRole('combobox', { name: 'New owner' }).selectOption({ label: 'Bea Owner (Billing manager)' })
  await transfer.getByRole('radio', { name: 'Seat manager' }).check()
  await transfer.getByRole('button', { name: 'Offer ownership' }).click()
  await expectNotice(page, 'Ownership was offered to Bea Owner. It takes effect once they accept.')
  await expect(members(page).getByRole('row', { name: /Olga Owner/ })).toContainText('Owner')

  await bea.goto('/account/members')
  const offer = bea.getByRole('region', { name: 'Offer of ownership' })
  await expect(offer).toContainText('Olga Owner offers you the ownership of the organisation')
  await offer.getByRole('button', { name: 'Accept ownership' }).click()
  await expectNotice(bea, 'You are an owner of the organisation now.')
  await expect(members(bea).getByRole('row', { name: /Bea Owner/ })).toContainText('Owner')
  await expect(members(bea).getByRole('row', { name: /Olga Owner/ })).toContainText('Seat manager')
  await expect(invitations(bea).getByText('No invitations waiting.')).toBeVisible()

  await page.reload()
  await expect(members(page).getByRole('row', { name: /Olga Owner/ })).toContainText('Seat manager')
  await expect(page.getByRole('button', { name: 'Transfer ownership' })).toHaveCount(0)
  await expect(nav(page).getByRole('button', { name: /^Billing/ })).toHaveCount(0)
})

test('a seat bound to one identity is refused to another with the same email; the owner sees the conflict in the activity', async ({ page, browser }) => {
  test.setTimeout(90_000)
  await signUpOwner(page, { firstName: 'Olga', priceId: 'commercial', seats: 2 })
  await page.goto('/account/licenses')
  const developer = newEmail('Dora')
  await assignLicense(page, { firstName: 'Dora', lastName: 'Dev', email: developer })
  const seat = page.getByRole('row', { name: /Dora Dev/ })
  await expect(seat).toContainText('Pending')

  // Dora signs up through GitHub with the address: the seat is bound to her.
  const dora = await ownBrowser(browser)
  await signUpAs(dora, 'Dora', developer, 'GitHub')
  await expect(licenseCard(dora, 'Commercial')).toBeVisible()

  // Another identity (Google) whose token carries the same email gets nothing of the seat.
  const other = await ownBrowser(browser)
  await signUpAs(other, 'Dora', developer, 'Google')
  await expect(other.getByRole('heading', { name: 'No Licenses Assigned' })).toBeVisible()
  await expect(licenseCard(other, 'Commercial')).toHaveCount(0)
  // Dora keeps it.
  await dora.reload()
  await expect(licenseCard(dora, 'Commercial')).toBeVisible()

  // The owner: the seat is no longer pending (no Resend), and the activity names the binding and the refusal.
  await page.reload()
  await expect(seat).not.toContainText('Pending')
  await expect(seat.getByRole('button', { name: /^Resend/ })).toHaveCount(0)
  const activity = page.getByRole('region', { name: 'Recent activity' }).getByRole('listitem')
  await expect(activity.filter({ hasText: `The license of ${developer} is now bound to their sign-in` })).toBeVisible()
  await expect(activity.filter({ hasText: `Another sign-in with the email ${developer} was refused the license bound to its holder` })).toBeVisible()
  await expectNoAxeViolations(page)
})
