// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect } from 'vitest'
import type { MemberRole } from '@/common/contract'
import { roleLabels } from '@/common/roles'
import type { Member, TransferRequest } from '@/common/organisation-contract'
import { leftOrganisation, membersMachine } from '@/machines/members.machine'
import { MembersPage } from '@/src/features/members/components/MembersPage'
import { coveringPaths, planPaths } from '@/testkit/model/paths'
import { membersModel } from '@/testkit/flows/members/members.model'
import { account } from '@/testkit/flows/session/session.model'
import { realisingLeaves } from '@/testkit/model/relation'
import { expectedAlong } from '@/testkit/model/oracle'
import { membersOracle } from '@/testkit/flows/members/members.oracle'
import { bea, cara, personalOrganisation } from '@/testkit/organisations'
import { pendingApi, renderAccountPage, settleActorEvent } from '@/tests/support/pending-api'
import { pressing } from '@/tests/support/pressing'
import { walkPaths } from '@/tests/support/run-paths'
import { membersViewTable } from '@/testkit/flows/members/members.view-table'

const plan = planPaths(membersModel)
const methods = { loadOrganisation: 'organisation' }
const dialog = (name: string) => screen.getByRole('dialog', { name })

/** Presses the button if the page shows it: what the person's role does not allow is not there to press. */
function press(name: string, scope: HTMLElement = document.body) {
  const [button] = within(scope).queryAllByRole('button', { name })
  if (button) fireEvent.click(button)
}

/** What the person does for each of the machine's own events. */
const act = pressing(
  {
    'members.reload': 'Try again',
    'notice.dismiss': 'Dismiss',
    'dialog.close': ['Close', () => screen.getByRole('dialog')],
    'remove.confirm': ['Remove', () => dialog('Remove member')],
    'leave.request': 'Leave organisation',
    'leave.confirm': ['Leave', () => dialog('Leave organisation')],
    'transfer.open': 'Transfer ownership',
    'transfer.withdraw': 'Withdraw offer',
    'transfer.accept': 'Accept ownership',
    'transfer.decline': 'Decline offer',
  },
  {
    'role.open': (event) => press(`Change role of ${(event.member as Member).name}`),
    'role.submit': (event) => {
      const form = dialog('Change role')
      fireEvent.click(within(form).getByRole('radio', { name: roleLabels[event.role as MemberRole] }))
      return press('Save role', form)
    },
    'remove.request': (event) => press(`Remove ${(event.member as Member).name}`),
    'transfer.submit': (event) => {
      const form = dialog('Transfer ownership')
      const request = event.request as TransferRequest
      fireEvent.change(within(form).getByRole('combobox', { name: 'New owner' }), { target: { value: request.to } })
      fireEvent.click(within(form).getByRole('radio', { name: roleLabels[request.formerOwnerBecomes!] }))
      return press('Offer ownership', form)
    },
  },
  { press },
)

function open() {
  // The owner's invitations have their own component paths: here there are none.
  const pending = pendingApi({ invitations: async () => [] })
  const { session } = renderAccountPage(() => <MembersPage />, { api: pending.api, account, organisation: personalOrganisation, path: '/account/members' })
  return { pending, session }
}

describe('the Members page (component paths of the members machine)', () => {
  walkPaths(coveringPaths(membersMachine, plan.paths), {
    table: membersViewTable,
    oracle: membersOracle,
    refuse: membersModel.events,
    timeout: 60_000,
    start: open,
    step: async ({ type, ...event }, { pending }) => {
      if (!(await settleActorEvent(pending, methods, { type, ...event }))) act({ type, ...event })
    },
    end: ({ pending, session }, sent, path) => {
      // Each change goes out once, about the member it names: a role change and a removal Bea's, leaving the caller's own.
      expect(pending.made('changeRole').every(([oid, role]) => oid === bea.oid && role === 'seat-manager')).toBe(true)
      expect(pending.made('offerTransfer').every(([request]) => JSON.stringify(request) === JSON.stringify({ to: bea.oid, formerOwnerBecomes: 'billing-manager' }))).toBe(true)
      const left = realisingLeaves(membersOracle, expectedAlong(membersOracle, path.input!, sent).state).includes('members.left')
      // The branch is the test: a path that ends having left sent the caller's own removal last.
      if (left) expect(pending.made('removeMember').at(-1)).toEqual([cara.oid])
      // The session (and so the sidebar) follows what the page learnt of the caller's standing.
      const organisation = session.getSnapshot().context.organisation
      // The branch is the test: having left, the session holds the leaver's standing; before the page loaded its own, the one it started with.
      if (left) expect(organisation).toEqual(leftOrganisation)
      else if (!sent.some((event) => event.type === 'xstate.done.actor.loadOrganisation')) expect(organisation).toEqual(personalOrganisation)
    },
  })
})
