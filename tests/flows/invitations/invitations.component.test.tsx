// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { MemberRole } from '@/common/contract'
import { roleLabels } from '@/common/roles'
import type { Invitation } from '@/common/organisation-contract'
import { invitationsMachine } from '@/machines/invitations.machine'
import { MembersPage } from '@/src/features/members/components/MembersPage'
import { coveringPaths, planPaths } from '@/testkit/model/paths'
import { invitationsModel } from '@/testkit/flows/invitations/invitations.model'
import { account } from '@/testkit/flows/session/session.model'
import { invitationsOracle } from '@/testkit/flows/invitations/invitations.oracle'
import { team } from '@/testkit/organisations'
import { pendingApi, renderAccountPage, settleActorEvent } from '@/tests/support/pending-api'
import { pressing } from '@/tests/support/pressing'
import { walkPaths } from '@/tests/support/run-paths'
import { invitationsViewTable } from '@/testkit/flows/invitations/invitations.view-table'

const plan = planPaths(invitationsModel)
const methods = { loadInvitations: 'invitations' }
const dialog = (name: string) => screen.getByRole('dialog', { name })
const press = (name: string, scope: HTMLElement = document.body) => fireEvent.click(within(scope).getByRole('button', { name }))

const act = pressing(
  {
    'invitations.reload': 'Try again',
    'notice.dismiss': 'Dismiss',
    'dialog.close': ['Close', () => screen.getByRole('dialog')],
    'invite.open': 'Invite member',
    'revoke.confirm': ['Revoke', () => dialog('Revoke invitation')],
  },
  {
    'invite.submit': (event) => {
      const form = dialog('Invite member')
      const draft = event.draft as { email: string; role: MemberRole }
      fireEvent.change(within(form).getByRole('textbox', { name: /Email/ }), { target: { value: draft.email } })
      fireEvent.click(within(form).getByRole('radio', { name: roleLabels[draft.role] }))
      return press('Send invitation', form)
    },
    'invitation.resend': (event) => press(`Resend invitation to ${(event.invitation as Invitation).email}`),
    'revoke.request': (event) => press(`Revoke invitation to ${(event.invitation as Invitation).email}`),
  },
)

/** The Members page of Cara, an owner: her invitations under the members. */
async function open() {
  const pending = pendingApi({ organisation: async () => team })
  renderAccountPage(() => <MembersPage />, { api: pending.api, account, organisation: team, path: '/account/members' })
  expect(await screen.findByRole('heading', { level: 2, name: 'Invitations' })).toBeTruthy()
  return pending
}

describe('an owner’s invitations on the Members page (component paths of the invitations machine)', () => {
  walkPaths(coveringPaths(invitationsMachine, plan.paths), {
    table: invitationsViewTable,
    oracle: invitationsOracle,
    refuse: invitationsModel.events,
    timeout: 60_000,
    start: open,
    step: async (event, pending) => {
      if (!(await settleActorEvent(pending, methods, event))) act(event)
    },
    end: (pending) => {
      // Only what the contract accepts goes out, once per press; Resend and Revoke name the invitation's id.
      expect(pending.made('invite').every(([request]) => JSON.stringify(request) === JSON.stringify({ email: 'finn@example.com', role: 'billing-manager' }))).toBe(true)
      expect(pending.made('resendInvitation').every(([id]) => id === 'inv_eve')).toBe(true)
      expect(pending.made('revokeInvitation').every(([id]) => id === 'inv_dana')).toBe(true)
    },
  })

  it('says there are none without one, and what the contract refuses before sending, and sends nothing', async () => {
    const pending = await open()
    await pending.settle('invitations', { output: [] })
    expect(await screen.findByText('No invitations waiting.')).toBeTruthy()
    press('Invite member')
    const form = dialog('Invite member')
    fireEvent.change(within(form).getByRole('textbox', { name: /Email/ }), { target: { value: 'finn@' } })
    press('Send invitation', form)
    expect(await within(form).findByText('Email must be a valid email address')).toBeTruthy()
    expect(pending.calls('invite')).toHaveLength(0)
  })
})
