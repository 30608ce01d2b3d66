import { expect, type Page } from '@playwright/test'
import type { AssignedLicense } from '@/common/contract'
import type { Invitation, InvitationOffer, Member, Organisation } from '@/common/organisation-contract'
import { demoPeople } from '@/server/local/demo-accounts'
import { demo, expectNotice } from '../support/accounts'
import { apiRequest, callTo, sentFrom, type CallCase } from './call-case'
import { dialog, dialogCall, dialogFailed, loadFailed, loading, nav, pageLoad, sidebarUsable, tryAgain } from './on-screen'

/**
 * The organisation's calls (issue 30) in the fault matrix: the Members page, its invitations and
 * ownership transfer, an invitation's link, and a pending seat's Resend. Cara (the Commercial demo
 * owner) acts on a made-up organisation that her page loads: a second member to act on, an offer
 * of ownership, an invitation, a pending seat. No change reaches the API (sessions.ts stops any).
 */

const cara: Member = { oid: demoPeople.find((person) => person.email === demo.commercial)!.oid, name: 'Cara Commercial', email: demo.commercial, role: 'owner' }
const mia: Member = { oid: 'oid_fault_member', name: 'Mia Member', email: 'mia.member@example.com', role: 'seat-manager' }
const organisation = (changes: Partial<Organisation> = {}): Organisation => ({
  role: 'owner',
  personal: false,
  members: [cara, mia],
  transfer: null,
  allowedPriceId: 'commercial',
  hasStripeAccount: true,
  ...changes,
})
const at = '2026-11-20T09:00:00.000Z'
/** Cara offered the ownership to Mia; Mia offered it to Cara (who is a billing manager then). */
const offeredByCara = organisation({ transfer: { from: cara, to: mia, formerOwnerBecomes: 'billing-manager', at } })
const offeredToCara = organisation({
  role: 'billing-manager',
  members: [
    { ...cara, role: 'billing-manager' },
    { ...mia, role: 'owner' },
  ],
  transfer: { from: { ...mia, role: 'owner' }, to: { ...cara, role: 'billing-manager' }, formerOwnerBecomes: 'seat-manager', at },
})
const withOrganisation = (answer: Organisation) => ({ ...apiRequest('organisation'), json: answer })

const invitation: Invitation = {
  id: 'inv_fault',
  email: 'ivy.invited@example.com',
  role: 'billing-manager',
  invitedBy: 'Cara Commercial',
  createdAt: at,
  expiresAt: '2026-12-04T09:00:00.000Z',
  status: 'pending',
}
const withInvitation = { ...apiRequest('invitations'), json: [invitation] }
const invitee = 'ivan.invitee@example.com'
const secret = 'fault_invitation_secret_0123456789abcdefghi'
const offer: InvitationOffer = { organisation: 'Mia Member', role: 'seat-manager', invitedBy: 'Mia Member', expiresAt: '2026-12-04T09:00:00.000Z' }

/** A seat assigned to someone who has not signed in yet: 'Pending', with Resend. */
const pendingSeat: AssignedLicense = {
  id: 'seat_fault_pending',
  firstName: 'Pat',
  lastName: 'Pending',
  email: 'pat.pending@example.com',
  expirationDate: '2027-11-22T00:00:00.000Z',
  lastFeedAccessAt: null,
  pending: true,
}

const membersPath = '/account/members'
const members = (page: Page) => page.getByRole('table', { name: 'Members' })
const invitations = (page: Page) => page.getByRole('region', { name: 'Invitations' })
const transferOffer = (page: Page) => page.getByRole('region', { name: 'Offer of ownership' })

async function openMembers(page: Page) {
  await page.goto(membersPath)
  await expect(members(page).getByRole('row', { name: /Cara Commercial/ })).toBeVisible()
}

/** A failure on the page itself (not in a dialog): the message, the action offered again, the sidebar usable. */
async function pageFailed(page: Page, message: string, action: string) {
  await expect(page.getByRole('main').getByRole('alert').filter({ hasText: message })).toBeVisible()
  await expect(page.getByRole('button', { name: action, exact: true })).toBeEnabled()
  await sidebarUsable(page)
}

/** A button of the page that shows progress while its call waits, and the sidebar usable. */
async function pageWaiting(page: Page, name: string) {
  await loading(page, name)
  await sidebarUsable(page)
}

/** A button on the page that sends the call at once. */
function pageButton(name: string, reach: (page: Page) => Promise<void>) {
  const press = (page: Page) => page.getByRole('button', { name, exact: true }).click()
  return { reach, send: press, retry: press, failed: (page: Page, message: string) => pageFailed(page, message, name), waiting: (page: Page) => pageWaiting(page, name) }
}

/** A change on Cara's Members page, the organisation answered as `answer`: once the call is answered, its notice shows and `after` holds. */
function onMembersPage(answer: Organisation, notice: string, after: (page: Page) => Promise<unknown>) {
  return {
    account: demo.commercial,
    stubs: [withOrganisation(answer)],
    done: async (page: Page) => {
      await expectNotice(page, notice)
      await after(page)
    },
  }
}
const offerGone = (page: Page) => expect(transferOffer(page)).toHaveCount(0)

export const organisationCalls: readonly CallCase[] = [
  {
    ...sentFrom(callTo('organisation'), 'Members'),
    account: demo.commercial,
    // The session has loaded the organisation for the sidebar; the Members page loads it again.
    reach: async (page) => {
      await page.goto('/account')
      await expect(nav(page).getByRole('link', { name: 'Members' })).toBeVisible()
    },
    send: (page) => nav(page).getByRole('link', { name: 'Members' }).click(),
    retry: tryAgain,
    failed: (page, message) => loadFailed(page, 'The members could not be loaded', message),
    waiting: async (page) => {
      await expect(page.getByLabel('Loading the members')).toBeVisible()
      await sidebarUsable(page)
    },
    done: (page) => expect(members(page).getByRole('row', { name: /Cara Commercial/ })).toContainText('Owner'),
    slowAnswer: 'server',
  },
  {
    ...callTo('changeRole', mia.oid),
    ...onMembersPage(organisation(), 'Mia Member is a billing manager now.', (page) => expect(members(page).getByRole('row', { name: /Mia Member/ })).toContainText('Billing manager')),
    ...dialogCall('Change role', 'Save role', async (page) => {
      await openMembers(page)
      await page.getByRole('button', { name: 'Change role of Mia Member' }).click()
      await dialog(page, 'Change role').getByRole('radio', { name: 'Billing manager' }).check()
    }),
    slowAnswer: { json: () => ({ ...mia, role: 'billing-manager' }) },
  },
  {
    ...callTo('removeMember', mia.oid),
    ...onMembersPage(organisation(), 'Mia Member is no longer a member.', (page) => expect(members(page).getByRole('row', { name: /Mia Member/ })).toHaveCount(0)),
    ...dialogCall('Remove member', 'Remove', async (page) => {
      await openMembers(page)
      await page.getByRole('button', { name: 'Remove Mia Member' }).click()
    }),
    slowAnswer: { status: 204 },
    ignoresBody: true,
  },
  {
    ...callTo('offerTransfer'),
    ...onMembersPage(organisation(), 'Ownership was offered to Mia Member. It takes effect once they accept.', (page) =>
      expect(transferOffer(page).getByRole('button', { name: 'Withdraw offer' })).toBeEnabled(),
    ),
    ...dialogCall('Transfer ownership', 'Offer ownership', async (page) => {
      await openMembers(page)
      await page.getByRole('button', { name: 'Transfer ownership' }).click()
      await expect(dialog(page, 'Transfer ownership').getByRole('combobox', { name: 'New owner' })).toHaveValue(mia.oid)
    }),
    slowAnswer: { json: () => offeredByCara },
  },
  {
    ...callTo('withdrawTransfer'),
    ...onMembersPage(offeredByCara, 'The offer of ownership was withdrawn.', offerGone),
    ...pageButton('Withdraw offer', openMembers),
    slowAnswer: { status: 204 },
    ignoresBody: true,
  },
  {
    ...callTo('acceptTransfer'),
    ...onMembersPage(offeredToCara, 'You are an owner of the organisation now.', (page) => expect(members(page).getByRole('row', { name: /Cara Commercial/ })).toContainText('Owner')),
    ...pageButton('Accept ownership', openMembers),
    slowAnswer: { json: () => organisation({ members: [cara, { ...mia, role: 'seat-manager' }] }) },
  },
  {
    ...callTo('declineTransfer'),
    ...onMembersPage(offeredToCara, 'You declined the offer of ownership.', offerGone),
    ...pageButton('Decline offer', openMembers),
    slowAnswer: {},
    ignoresBody: true,
  },
  {
    ...callTo('invitations'),
    account: demo.commercial,
    stubs: [withOrganisation(organisation())],
    ...pageLoad(membersPath, 'The invitations could not be loaded', (page) => page.getByLabel('Loading the invitations')),
    done: (page) => expect(invitations(page).getByRole('button', { name: 'Invite member' })).toBeEnabled(),
  },
  {
    ...callTo('invite'),
    account: demo.commercial,
    stubs: [withOrganisation(organisation())],
    ...dialogCall('Invite member', 'Send invitation', async (page) => {
      await openMembers(page)
      await invitations(page).getByRole('button', { name: 'Invite member' }).click()
      await dialog(page, 'Invite member')
        .getByRole('textbox', { name: /^Email/ })
        .fill(invitee)
      await dialog(page, 'Invite member').getByRole('radio', { name: 'Seat manager' }).check()
    }),
    failed: async (page, message) => {
      await dialogFailed(page, 'Invite member', 'Send invitation', message)
      await expect(dialog(page, 'Invite member').getByRole('textbox', { name: /^Email/ })).toHaveValue(invitee)
    },
    done: async (page) => {
      await expectNotice(page, `Invitation sent to ${invitee}.`)
      await expect(invitations(page).getByRole('row', { name: new RegExp(invitee) })).toContainText('Seat manager')
    },
    slowAnswer: { json: () => ({ ...invitation, id: 'inv_fault_new', email: invitee, role: 'seat-manager' }) },
  },
  {
    ...callTo('resendInvitation', invitation.id),
    account: demo.commercial,
    stubs: [withOrganisation(organisation()), withInvitation],
    ...pageButton(`Resend invitation to ${invitation.email}`, openMembers),
    done: (page) => expectNotice(page, `Invitation sent again to ${invitation.email}. The link sent before no longer works.`),
    slowAnswer: { json: () => invitation },
  },
  {
    ...callTo('revokeInvitation', invitation.id),
    account: demo.commercial,
    stubs: [withOrganisation(organisation()), withInvitation],
    ...dialogCall('Revoke invitation', 'Revoke', async (page) => {
      await openMembers(page)
      await page.getByRole('button', { name: `Revoke invitation to ${invitation.email}` }).click()
    }),
    done: async (page) => {
      await expectNotice(page, `The invitation to ${invitation.email} was revoked.`)
      await expect(invitations(page).getByText('No invitations waiting.')).toBeVisible()
    },
    slowAnswer: { status: 204 },
    ignoresBody: true,
  },
  {
    ...callTo('invitationOffer'),
    account: demo.dev1,
    ...pageLoad(`/account/invitations#${secret}`, 'The invitation could not be opened', (page) => page.getByLabel('Loading the invitation')),
    // Only the fault answers for a made-up link: the slow answer is a made-up offer.
    slowAnswer: { json: () => offer },
    done: (page) => expect(page.getByRole('region', { name: 'What you are invited to' }).getByRole('button', { name: 'Accept invitation' })).toBeEnabled(),
  },
  {
    ...callTo('acceptInvitation'),
    account: demo.dev1,
    // The offer, and the standing the page reads once accepted.
    stubs: [{ ...apiRequest('invitationOffer'), json: offer }, withOrganisation(organisation({ role: 'seat-manager', members: [{ ...mia, role: 'owner' }] }))],
    reach: async (page) => {
      await page.goto(`/account/invitations#${secret}`)
      await expect(page.getByRole('button', { name: 'Accept invitation' })).toBeEnabled()
    },
    send: (page) => page.getByRole('button', { name: 'Accept invitation' }).click(),
    retry: (page) => page.getByRole('button', { name: 'Accept invitation' }).click(),
    failed: async (page, message) => {
      const offered = page.getByRole('region', { name: 'What you are invited to' })
      await expect(offered.getByRole('alert')).toHaveText(message)
      await expect(offered.getByRole('button', { name: 'Accept invitation' })).toBeEnabled()
      await expect(offered.getByRole('button', { name: 'Decline' })).toBeEnabled()
    },
    waiting: (page) => pageWaiting(page, 'Accept invitation'),
    done: (page) => expect(page.getByRole('status').filter({ hasText: 'You are a seat manager of Mia Member now.' })).toBeVisible(),
    slowAnswer: {},
    ignoresBody: true,
  },
  {
    ...callTo('resendSeatMail', pendingSeat.id),
    account: demo.commercial,
    stubs: [{ ...apiRequest('assignedLicenses'), json: [pendingSeat] }],
    reach: async (page) => {
      await page.goto('/account/licenses')
      await expect(page.getByRole('row', { name: /Pat Pending/ })).toContainText('Pending')
    },
    send: (page) => page.getByRole('button', { name: 'Resend the assignment email to Pat Pending' }).click(),
    retry: (page) => page.getByRole('button', { name: 'Resend the assignment email to Pat Pending' }).click(),
    failed: async (page, message) => {
      const alert = page.getByRole('main').getByRole('alert').filter({ hasText: message })
      await expect(alert.getByRole('button', { name: 'Dismiss' })).toBeEnabled()
      await expect(page.getByRole('button', { name: 'Resend the assignment email to Pat Pending' })).toBeEnabled()
    },
    waiting: (page) => pageWaiting(page, 'Resend the assignment email to Pat Pending'),
    done: (page) => expectNotice(page, `The assignment email was sent again to ${pendingSeat.email}.`),
    slowAnswer: { json: () => ({ licenseId: pendingSeat.id, mail: 'queued' }) },
  },
]
