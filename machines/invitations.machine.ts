import { assign, setup } from 'xstate'
import { inviteRequestOf, type Invitation, type InviteDraft, type InviteRequest } from '../common/organisation-contract'
import { notProvided } from './not-provided'
import { showErrorIn } from './error-message'

/**
 * An organisation's invitations (issue 30), as its owners see them on the Members page: pending
 * until the invited person signs in with that email and accepts, for 14 days. An owner invites
 * someone by email to a role, sends an invitation again (a new link, the old one dead, 14 more
 * days) and revokes one after a confirmation.
 */
export const invitationsMachine = setup({
  types: {
    context: {} as { invitations: Invitation[]; error: string | null; notice: string | null; request: InviteRequest | null; invitation: Invitation | null },
    events: {} as
      | { type: 'invitations.reload' }
      | { type: 'notice.dismiss' }
      | { type: 'dialog.close' }
      | { type: 'invite.open' }
      | { type: 'invite.submit'; draft: InviteDraft }
      | { type: 'invitation.resend'; invitation: Invitation }
      | { type: 'revoke.request'; invitation: Invitation }
      | { type: 'revoke.confirm' },
  },
  actors: {
    loadInvitations: notProvided<Invitation[]>('loadInvitations'),
    invite: notProvided<Invitation, InviteRequest>('invite'),
    resendInvitation: notProvided<Invitation, { id: string }>('resendInvitation'),
    revokeInvitation: notProvided<void, { id: string }>('revokeInvitation'),
  },
  actions: {
    keepInvitations: assign({ invitations: (_, params: { invitations: Invitation[] }) => params.invitations, error: null }),
    showError: assign({ error: (_, params: { message: string }) => params.message }),
    clearError: assign({ error: null }),
    dismissNotice: assign({ notice: null }),
    resetDialog: assign({ error: null, notice: null, request: null, invitation: null }),
    keepRequest: assign({ request: (_, params: { draft: InviteDraft }) => inviteRequestOf(params.draft) }),
    pickInvitation: assign({ invitation: (_, params: { invitation: Invitation }) => params.invitation }),
    // The newest first, as the list comes; an expired one to the same address gives way to it.
    addInvitation: assign(({ context }, params: { invitation: Invitation }) => ({
      invitations: [params.invitation, ...context.invitations.filter((invitation) => invitation.email !== params.invitation.email)],
      notice: `Invitation sent to ${params.invitation.email}.`,
      request: null,
    })),
    replaceInvitation: assign(({ context }, params: { invitation: Invitation }) => ({
      invitations: context.invitations.map((invitation) => (invitation.id === params.invitation.id ? params.invitation : invitation)),
      notice: `Invitation sent again to ${params.invitation.email}. The link sent before no longer works.`,
      invitation: null,
    })),
    dropInvitation: assign(({ context }) => ({
      invitations: context.invitations.filter((invitation) => invitation.id !== context.invitation?.id),
      notice: `The invitation to ${context.invitation?.email} was revoked.`,
      invitation: null,
    })),
  },
  guards: {
    // The contract's own check (an email, one of the roles) before the request is sent.
    validDraft: (_, params: { draft: InviteDraft }) => inviteRequestOf(params.draft) !== null,
    isListed: ({ context }, params: { invitation: Invitation }) => context.invitations.some((invitation) => invitation.id === params.invitation.id),
  },
}).createMachine({
  id: 'invitations',
  context: { invitations: [], error: null, notice: null, request: null, invitation: null },
  initial: 'loading',
  states: {
    loading: {
      description: "'Invitations' with a placeholder while GET /api/organisation/invitations answers.",
      invoke: {
        id: 'loadInvitations',
        src: 'loadInvitations',
        onDone: { target: 'ready', actions: { type: 'keepInvitations', params: ({ event }) => ({ invitations: event.output }) } },
        onError: showErrorIn('failed'),
      },
    },
    failed: { description: 'The error message with Try again.', on: { 'invitations.reload': { target: 'loading', actions: 'clearError' } } },
    ready: {
      description: "The invitations not accepted or revoked, and 'Invite member'.",
      initial: 'idle',
      states: {
        idle: {
          description: "Each invitation's email, role, who sent it and when it expires (or that it has); 'Resend' and 'Revoke' on each; 'No invitations waiting.' without one.",
          on: {
            'notice.dismiss': { actions: 'dismissNotice' },
            'invite.open': { target: 'inviting', actions: 'resetDialog' },
            'invitation.resend': {
              guard: { type: 'isListed', params: ({ event }) => ({ invitation: event.invitation }) },
              target: 'resending',
              actions: ['resetDialog', { type: 'pickInvitation', params: ({ event }) => ({ invitation: event.invitation }) }],
            },
            'revoke.request': {
              guard: { type: 'isListed', params: ({ event }) => ({ invitation: event.invitation }) },
              target: 'revoking',
              actions: ['resetDialog', { type: 'pickInvitation', params: ({ event }) => ({ invitation: event.invitation }) }],
            },
          },
        },
        resending: {
          description: "The invitation's 'Resend' shows progress; the others wait.",
          invoke: {
            id: 'resendInvitation',
            src: 'resendInvitation',
            input: ({ context }) => ({ id: context.invitation!.id }),
            onDone: { target: 'idle', actions: { type: 'replaceInvitation', params: ({ event }) => ({ invitation: event.output }) } },
            onError: showErrorIn('idle'),
          },
        },
        inviting: {
          description: 'The Invite member dialog.',
          initial: 'editing',
          on: { 'dialog.close': { target: 'idle', actions: 'resetDialog' } },
          states: {
            editing: {
              description: "Email and role, each checked; 'Send invitation'; a refusal's message over what was typed.",
              on: {
                'invite.submit': {
                  guard: { type: 'validDraft', params: ({ event }) => ({ draft: event.draft }) },
                  target: 'sending',
                  actions: ['clearError', { type: 'keepRequest', params: ({ event }) => ({ draft: event.draft }) }],
                },
              },
            },
            sending: {
              description: "'Send invitation' shows progress and cannot be pressed again; the typed values stay.",
              on: { 'dialog.close': {} },
              invoke: {
                id: 'invite',
                src: 'invite',
                input: ({ context }) => context.request!,
                onDone: { target: '#invitations.ready.idle', actions: { type: 'addInvitation', params: ({ event }) => ({ invitation: event.output }) } },
                onError: showErrorIn('editing'),
              },
            },
          },
        },
        revoking: {
          description: 'The Revoke invitation dialog.',
          initial: 'confirming',
          on: { 'dialog.close': { target: 'idle', actions: 'resetDialog' } },
          states: {
            confirming: {
              description: "Asks to confirm: the link accepts nothing from then on; 'Revoke' and 'Cancel'; a refusal's message.",
              on: { 'revoke.confirm': { target: 'removing', actions: 'clearError' } },
            },
            removing: {
              description: "'Revoke' shows progress and cannot be pressed again.",
              on: { 'dialog.close': {} },
              invoke: {
                id: 'revokeInvitation',
                src: 'revokeInvitation',
                input: ({ context }) => ({ id: context.invitation!.id }),
                onDone: { target: '#invitations.ready.idle', actions: 'dropInvitation' },
                onError: showErrorIn('confirming'),
              },
            },
          },
        },
      },
    },
  },
})
