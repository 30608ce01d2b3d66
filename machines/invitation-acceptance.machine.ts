import { assign, enqueueActions, setup } from 'xstate'
import type { InvitationOffer, Organisation } from '../common/organisation-contract'
import type { Addressee } from './addressee'
import { notProvided } from './not-provided'
import { showErrorIn } from './error-message'

/** The session, told of the person's new standing once they accepted. */
type SessionAddressee = Addressee<{ type: 'organisation.changed'; organisation: Organisation }>

/**
 * An invitation's link (issue 30): it authenticates nobody. Once the person signed in (the account
 * area asks), the page says what the invitation offers them, if it was sent to their address; they
 * accept it (they become a member in its role, and the sidebar follows) or decline it (nothing is
 * sent: it expires by itself).
 */
export const invitationAcceptanceMachine = setup({
  types: {
    context: {} as { secret: string; offer: InvitationOffer | null; error: string | null; session?: SessionAddressee },
    input: {} as { secret: string; session?: SessionAddressee },
    events: {} as { type: 'offer.reload' } | { type: 'invitation.accept' } | { type: 'invitation.decline' },
  },
  actors: {
    loadOffer: notProvided<InvitationOffer, { secret: string }>('loadOffer'),
    acceptInvitation: notProvided<void, { secret: string }>('acceptInvitation'),
    loadOrganisation: notProvided<Organisation>('loadOrganisation'),
  },
  actions: {
    keepOffer: assign({ offer: (_, params: { offer: InvitationOffer }) => params.offer, error: null }),
    showError: assign({ error: (_, params: { message: string }) => params.message }),
    clearError: assign({ error: null }),
    /** The caller's standing changed: the session is told, and its sidebar follows. */
    organisationChanged: enqueueActions(({ context, enqueue }, params: { organisation: Organisation }) => {
      if (context.session) enqueue.sendTo(context.session, { type: 'organisation.changed', organisation: params.organisation })
    }),
  },
}).createMachine({
  id: 'invitationAcceptance',
  context: ({ input }) => ({ secret: input.secret, offer: null, error: null, session: input.session }),
  initial: 'loading',
  states: {
    loading: {
      description: "'Invitation' with a placeholder while GET /api/invitations/{secret} answers for the signed-in person.",
      invoke: {
        id: 'loadOffer',
        src: 'loadOffer',
        input: ({ context }) => ({ secret: context.secret }),
        onDone: { target: 'offered', actions: { type: 'keepOffer', params: ({ event }) => ({ offer: event.output }) } },
        onError: showErrorIn('failed'),
      },
    },
    failed: {
      description: "Why the invitation cannot be shown, in the API's words (sent to another address, expired, revoked), with Try again.",
      on: { 'offer.reload': { target: 'loading', actions: 'clearError' } },
    },
    offered: {
      description: "Who invites them, to which organisation, in which role and what it allows, until when; 'Accept invitation' and 'Decline'; a refusal's message.",
      on: { 'invitation.accept': { target: 'accepting', actions: 'clearError' }, 'invitation.decline': 'declined' },
    },
    accepting: {
      description: "'Accept invitation' shows progress; neither button can be pressed.",
      invoke: {
        id: 'acceptInvitation',
        src: 'acceptInvitation',
        input: ({ context }) => ({ secret: context.secret }),
        onDone: 'joining',
        onError: showErrorIn('offered'),
      },
    },
    joining: {
      description: "Accepted: the page still shows progress while GET /api/organisation answers with the person's new standing.",
      invoke: {
        id: 'loadOrganisation',
        src: 'loadOrganisation',
        onDone: { target: 'accepted', actions: { type: 'organisationChanged', params: ({ event }) => ({ organisation: event.output }) } },
        // The Members page the next page offers reads the standing again.
        onError: 'accepted',
      },
    },
    accepted: { type: 'final', description: "'You are a … of … now.', and a link to Members; the sidebar shows what the role allows." },
    declined: { type: 'final', description: "'You declined the invitation.': nothing was sent; the link stops working when it expires. A link to My Licenses." },
  },
})
