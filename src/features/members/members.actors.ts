import { requestsFor } from '@/src/api/request-actor'
import type { AccountsApi } from '@/src/api/accounts-api'
import type { invitationAcceptanceMachine } from '@/machines/invitation-acceptance.machine'
import type { invitationsMachine } from '@/machines/invitations.machine'
import type { membersMachine } from '@/machines/members.machine'

/** Members' I/O over the accounts API: /api/organisation, its members and its ownership transfer. */
export function membersActors(api: AccountsApi) {
  return requestsFor<typeof membersMachine>()({
    loadOrganisation: ({ signal }) => api.organisation(signal),
    changeRole: ({ input, signal }) => api.changeRole(input.oid, input.role, signal),
    removeMember: ({ input, signal }) => api.removeMember(input.oid, signal),
    offerTransfer: ({ input, signal }) => api.offerTransfer(input, signal),
    withdrawTransfer: ({ signal }) => api.withdrawTransfer(signal),
    acceptTransfer: ({ signal }) => api.acceptTransfer(signal),
    declineTransfer: ({ signal }) => api.declineTransfer(signal),
  })
}

/** Invitations' I/O over the accounts API: /api/organisation/invitations. */
export function invitationsActors(api: AccountsApi) {
  return requestsFor<typeof invitationsMachine>()({
    loadInvitations: ({ signal }) => api.invitations(signal),
    invite: ({ input, signal }) => api.invite(input, signal),
    resendInvitation: ({ input, signal }) => api.resendInvitation(input.id, signal),
    revokeInvitation: ({ input, signal }) => api.revokeInvitation(input.id, signal),
  })
}

/** An invitation's link: what it offers the signed-in person, accepting it, and their standing after. */
export function invitationAcceptanceActors(api: AccountsApi) {
  return requestsFor<typeof invitationAcceptanceMachine>()({
    loadOffer: ({ input, signal }) => api.invitationOffer(input.secret, signal),
    acceptInvitation: ({ input, signal }) => api.acceptInvitation(input.secret, signal),
    loadOrganisation: ({ signal }) => api.organisation(signal),
  })
}
