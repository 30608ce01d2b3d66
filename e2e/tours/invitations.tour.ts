import { expect, type Page } from '@playwright/test'
import type { EventFromLogic } from 'xstate'
import type { MemberRole } from '@/common/contract'
import { roleLabels } from '@/common/roles'
import type { invitationsMachine } from '@/machines/invitations.machine'
import { invitationsModel } from '@/testkit/flows/invitations/invitations.model'
import { demo } from '../support/accounts'
import { calling, type Tour } from '../support/machine-tour'
import { openAs } from './open-as'
import { pressing } from './press'
import { dialogShown } from './shown'

const dialogs: Record<string, { name: string; sending?: string }> = {
  '{"ready":{"inviting":"editing"}}': { name: 'Invite member' },
  '{"ready":{"inviting":"sending"}}': { name: 'Invite member', sending: 'Send invitation' },
  '{"ready":{"revoking":"confirming"}}': { name: 'Revoke invitation' },
  '{"ready":{"revoking":"removing"}}': { name: 'Revoke invitation', sending: 'Revoke' },
}

const section = (page: Page) => page.getByRole('region', { name: 'Invitations' })

const perform = pressing<EventFromLogic<typeof invitationsMachine>>(
  section,
  { 'invitations.reload': 'Try again', 'invite.open': 'Invite member' },
  {
    'notice.dismiss': (page) => section(page).getByRole('status').getByRole('button', { name: 'Dismiss' }).click(),
    'dialog.close': (page) => page.getByRole('dialog').getByRole('button', { name: 'Close' }).click(),
    'invite.submit': async (page, event) => {
      const dialog = page.getByRole('dialog')
      await dialog.getByRole('textbox', { name: /^Email/ }).fill(event.draft.email)
      await dialog.getByRole('radio', { name: roleLabels[event.draft.role as MemberRole] }).check()
      await dialog.getByRole('button', { name: 'Send invitation' }).click()
    },
    'invitation.resend': (page, event) =>
      section(page)
        .getByRole('button', { name: `Resend invitation to ${event.invitation.email}` })
        .click(),
    'revoke.request': (page, event) =>
      section(page)
        .getByRole('button', { name: `Revoke invitation to ${event.invitation.email}` })
        .click(),
    'revoke.confirm': (page) => page.getByRole('dialog').getByRole('button', { name: 'Revoke', exact: true }).click(),
  },
)

/** An owner's invitations on the Members page: the list, Resend, and the invite and revoke dialogs. */
export const invitationsTour: Tour<typeof invitationsMachine> = {
  plan: invitationsModel,
  actors: {
    loadInvitations: calling('invitations'),
    invite: calling('invite'),
    resendInvitation: calling('resendInvitation'),
    revokeInvitation: calling('revokeInvitation'),
  },
  keyOf: (step) => JSON.stringify(step.state.value),
  open: (page) => openAs(page, demo.commercial, '/account/members'),
  perform,
  expectShown: async (page, step) => {
    const section = page.getByRole('region', { name: 'Invitations' })
    const value = JSON.stringify(step.state.value)
    await expect(section.getByRole('heading', { level: 2, name: 'Invitations' })).toBeVisible()
    // The branch is the test: the state the path rests in picks what the page must show there.
    if (value === '"loading"') return expect(section.getByLabel('Loading the invitations')).toBeVisible()
    if (value === '"failed"') return expect(section.getByRole('alert')).toContainText('The invitations could not be loaded')
    if (value === '{"ready":"resending"}') return expect(section.getByRole('button', { name: /^Resend invitation to / }).first()).toBeDisabled()
    await dialogShown(page, dialogs[value])
    // The branch is the test: without a dialog open, the page's own action or list shows.
    if (!dialogs[value]) await expect(section.getByRole('button', { name: 'Invite member' })).toBeEnabled()
  },
}
