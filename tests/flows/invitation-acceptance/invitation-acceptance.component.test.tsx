// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react'
import { describe, expect } from 'vitest'
import { InvitationPage } from '@/src/features/members/components/InvitationPage'
import { planPaths } from '@/testkit/model/paths'
import { invitationAcceptanceModel, secret } from '@/testkit/flows/invitation-acceptance/invitation-acceptance.model'
import { account } from '@/testkit/flows/session/session.model'
import { invitationAcceptanceOracle } from '@/testkit/flows/invitation-acceptance/invitation-acceptance.oracle'
import { noOrganisation, teamAs } from '@/testkit/organisations'
import { pendingApi, renderAccountPage, settleActorEvent } from '@/tests/support/pending-api'
import { walkPaths } from '@/tests/support/run-paths'
import { invitationAcceptanceViewTable } from '@/testkit/flows/invitation-acceptance/invitation-acceptance.view-table'

const plan = planPaths(invitationAcceptanceModel)
const methods = { loadOffer: 'invitationOffer', acceptInvitation: 'acceptInvitation', loadOrganisation: 'organisation' }
const actions: Record<string, string> = { 'offer.reload': 'Try again', 'invitation.accept': 'Accept invitation', 'invitation.decline': 'Decline' }

/** Bea, signed in, opens her invitation's link: she is no member of any organisation yet. */
function open() {
  const pending = pendingApi()
  const { session } = renderAccountPage(() => <InvitationPage secret={secret} />, { api: pending.api, account, organisation: noOrganisation, path: `/account/invitations/${secret}` })
  return { pending, session }
}

describe('an invitation’s page (component paths of the invitation acceptance machine)', () => {
  walkPaths(plan.paths, {
    table: invitationAcceptanceViewTable,
    oracle: invitationAcceptanceOracle,
    refuse: invitationAcceptanceModel.events,
    start: open,
    step: async (event, { pending }) => {
      if (await settleActorEvent(pending, methods, event)) return
      if (event.type !== 'xstate.init') fireEvent.click(screen.getByRole('button', { name: actions[event.type] }))
    },
    end: ({ pending, session }, sent) => {
      // Every call names the link's secret; the session learns the new standing once it is read.
      expect(pending.made('invitationOffer').every(([asked]) => asked === secret)).toBe(true)
      expect(pending.made('acceptInvitation')).toEqual(sent.filter((event) => event.type === 'invitation.accept').map(() => [secret]))
      const joined = sent.some((event) => event.type === 'xstate.done.actor.loadOrganisation')
      expect(session.getSnapshot().context.organisation).toEqual(joined ? teamAs('billing-manager') : noOrganisation)
    },
  })
})
