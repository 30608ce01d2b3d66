import { assign, enqueueActions, setup } from 'xstate'
import type { MemberRole } from '../common/contract'
import type { Member, Organisation, TransferRequest } from '../common/organisation-contract'
import { may } from '../common/roles'
import type { Addressee } from './addressee'
import { notProvided } from './not-provided'
import { showErrorIn } from './error-message'

/** Who looks at the members: the signed-in person's identity (oid). */
export interface MembersInput {
  me: string
  /** The session, told when the caller's own standing changes (its sidebar follows). */
  session?: Addressee<{ type: 'organisation.changed'; organisation: Organisation }>
}

interface MembersContext extends MembersInput {
  organisation: Organisation | null
  error: string | null
  /** What the last change did, above the list. */
  notice: string | null
  /** The member a dialog is about: whose role changes, who is removed. */
  member: Member | null
}

/** The standing of someone who left: no organisation's member (the next sign-in reads the real one). */
export const leftOrganisation: Organisation = { role: null, personal: false, members: [], transfer: null, allowedPriceId: null, hasStripeAccount: false }

/** The caller manages the members: an owner. */
const owns = (context: MembersContext) => may(context.organisation?.role ?? null, 'members')
const lists = (context: MembersContext, oid: string) => !!context.organisation?.members.some((member) => member.oid === oid)

const roleWords: Record<MemberRole, string> = { owner: 'an owner', 'billing-manager': 'a billing manager', 'seat-manager': 'a seat manager' }

/**
 * Members (issue 30): the organisation's members with their roles. Owners change a role, remove a
 * member and offer their ownership to another member, who accepts or declines it (the owner may
 * withdraw it meanwhile); any member leaves. Never zero owners: the API refuses the last owner's
 * leaving or demotion (409) and the dialog says why, in its words.
 */
export const membersMachine = setup({
  types: {
    context: {} as MembersContext,
    input: {} as MembersInput,
    events: {} as
      | { type: 'members.reload' }
      | { type: 'notice.dismiss' }
      | { type: 'dialog.close' }
      | { type: 'role.open'; member: Member }
      | { type: 'role.submit'; role: MemberRole }
      | { type: 'remove.request'; member: Member }
      | { type: 'remove.confirm' }
      | { type: 'leave.request' }
      | { type: 'leave.confirm' }
      | { type: 'transfer.open' }
      | { type: 'transfer.submit'; request: TransferRequest }
      | { type: 'transfer.withdraw' }
      | { type: 'transfer.accept' }
      | { type: 'transfer.decline' },
  },
  actors: {
    loadOrganisation: notProvided<Organisation>('loadOrganisation'),
    changeRole: notProvided<Member, { oid: string; role: MemberRole }>('changeRole'),
    removeMember: notProvided<void, { oid: string }>('removeMember'),
    offerTransfer: notProvided<Organisation, TransferRequest>('offerTransfer'),
    withdrawTransfer: notProvided<void>('withdrawTransfer'),
    acceptTransfer: notProvided<Organisation>('acceptTransfer'),
    declineTransfer: notProvided<void>('declineTransfer'),
  },
  actions: {
    keepOrganisation: assign({ organisation: (_, params: { organisation: Organisation }) => params.organisation, error: null }),
    showError: assign({ error: (_, params: { message: string }) => params.message }),
    clearError: assign({ error: null }),
    dismissNotice: assign({ notice: null }),
    resetDialog: assign({ error: null, notice: null, member: null }),
    pickMember: assign({ member: (_, params: { member: Member }) => params.member }),
    // The member's new role; the caller's own standing too when it was theirs.
    keepRole: assign(({ context }, params: { member: Member }) => ({
      organisation: context.organisation && {
        ...context.organisation,
        role: params.member.oid === context.me ? params.member.role : context.organisation.role,
        members: context.organisation.members.map((member) => (member.oid === params.member.oid ? params.member : member)),
      },
      notice: `${params.member.name} is ${roleWords[params.member.role]} now.`,
      member: null,
    })),
    dropMember: assign(({ context }) => ({
      organisation: context.organisation && { ...context.organisation, members: context.organisation.members.filter((member) => member.oid !== context.member?.oid) },
      notice: `${context.member?.name} is no longer a member.`,
      member: null,
    })),
    noteOffer: assign({ notice: ({ context }) => `Ownership was offered to ${context.organisation?.transfer?.to.name}. It takes effect once they accept.` }),
    dropOffer: assign(({ context }, params: { notice: string }) => ({ organisation: context.organisation && { ...context.organisation, transfer: null }, notice: params.notice, error: null })),
    noteOwnership: assign({ notice: 'You are an owner of the organisation now.' }),
    /** The caller's standing changed: the session is told, and its sidebar follows. */
    organisationChanged: enqueueActions(({ context, enqueue }, params: { organisation: Organisation }) => {
      if (context.session) enqueue.sendTo(context.session, { type: 'organisation.changed', organisation: params.organisation })
    }),
  },
  guards: {
    isMember: ({ context }) => context.organisation?.role != null,
    // An owner, on a member of the list; removing is for others (one leaves oneself).
    mayChangeRole: ({ context }, params: { member: Member }) => owns(context) && lists(context, params.member.oid),
    mayRemove: ({ context }, params: { member: Member }) => owns(context) && lists(context, params.member.oid) && params.member.oid !== context.me,
    otherRole: ({ context }, params: { role: MemberRole }) => params.role !== context.member?.role,
    // One offer at a time, to another member.
    canOffer: ({ context }) => owns(context) && !context.organisation?.transfer && !!context.organisation?.members.some((member) => member.oid !== context.me),
    offersTo: ({ context }, params: { request: TransferRequest }) => params.request.to !== context.me && lists(context, params.request.to),
    offerWaits: ({ context }) => owns(context) && !!context.organisation?.transfer,
    offeredToMe: ({ context }) => context.organisation?.transfer?.to.oid === context.me,
  },
}).createMachine({
  id: 'members',
  context: ({ input }) => ({ ...input, organisation: null, error: null, notice: null, member: null }),
  initial: 'loading',
  states: {
    loading: {
      description: "'Members' with a placeholder while GET /api/organisation answers.",
      invoke: {
        id: 'loadOrganisation',
        src: 'loadOrganisation',
        onDone: {
          target: 'ready',
          actions: [
            { type: 'keepOrganisation', params: ({ event }) => ({ organisation: event.output }) },
            { type: 'organisationChanged', params: ({ event }) => ({ organisation: event.output }) },
          ],
        },
        onError: showErrorIn('failed'),
      },
    },
    failed: { description: 'The error message with Try again.', on: { 'members.reload': { target: 'loading', actions: 'clearError' } } },
    ready: {
      description: 'The members with their roles; what the role allows on them.',
      initial: 'idle',
      states: {
        idle: {
          description:
            "Each member's name, email and role; an owner's 'Change role' and 'Remove' on each, 'Transfer ownership'; 'Leave organisation'; an offer of ownership waiting, with Accept and Decline for its member, Withdraw for an owner.",
          on: {
            'notice.dismiss': { actions: 'dismissNotice' },
            'role.open': {
              guard: { type: 'mayChangeRole', params: ({ event }) => ({ member: event.member }) },
              target: 'role.editing',
              actions: ['resetDialog', { type: 'pickMember', params: ({ event }) => ({ member: event.member }) }],
            },
            'remove.request': {
              guard: { type: 'mayRemove', params: ({ event }) => ({ member: event.member }) },
              target: 'remove.confirming',
              actions: ['resetDialog', { type: 'pickMember', params: ({ event }) => ({ member: event.member }) }],
            },
            'leave.request': { guard: 'isMember', target: 'leave.confirming', actions: 'resetDialog' },
            'transfer.open': { guard: 'canOffer', target: 'transfer.editing', actions: 'resetDialog' },
            'transfer.withdraw': { guard: 'offerWaits', target: 'withdrawing', actions: 'resetDialog' },
            'transfer.accept': { guard: 'offeredToMe', target: 'accepting', actions: 'resetDialog' },
            'transfer.decline': { guard: 'offeredToMe', target: 'declining', actions: 'resetDialog' },
          },
        },
        role: {
          description: 'The Change role dialog.',
          initial: 'editing',
          on: { 'dialog.close': { target: 'idle', actions: 'resetDialog' } },
          states: {
            editing: {
              description: "The member's name and the three roles, theirs chosen; 'Save role'; a refusal's message (the last owner keeps theirs).",
              on: { 'role.submit': { guard: { type: 'otherRole', params: ({ event }) => ({ role: event.role }) }, target: 'saving', actions: 'clearError' } },
            },
            saving: {
              description: "'Save role' shows progress and cannot be pressed again.",
              on: { 'dialog.close': {} },
              invoke: {
                id: 'changeRole',
                src: 'changeRole',
                input: ({ context, event }) => ({ oid: context.member!.oid, role: (event as { role: MemberRole }).role }),
                onDone: {
                  target: '#members.ready.idle',
                  actions: [
                    { type: 'keepRole', params: ({ event }) => ({ member: event.output }) },
                    { type: 'organisationChanged', params: ({ context }) => ({ organisation: context.organisation! }) },
                  ],
                },
                onError: showErrorIn('editing'),
              },
            },
          },
        },
        remove: {
          description: 'The Remove member dialog.',
          initial: 'confirming',
          on: { 'dialog.close': { target: 'idle', actions: 'resetDialog' } },
          states: {
            confirming: { description: "Asks to confirm removing the member; 'Remove' and 'Cancel'; a refusal's message.", on: { 'remove.confirm': { target: 'removing', actions: 'clearError' } } },
            removing: {
              description: "'Remove' shows progress and cannot be pressed again.",
              on: { 'dialog.close': {} },
              invoke: {
                id: 'removeMember',
                src: 'removeMember',
                input: ({ context }) => ({ oid: context.member!.oid }),
                onDone: { target: '#members.ready.idle', actions: 'dropMember' },
                onError: showErrorIn('confirming'),
              },
            },
          },
        },
        leave: {
          description: 'The Leave organisation dialog.',
          initial: 'confirming',
          on: { 'dialog.close': { target: 'idle', actions: 'resetDialog' } },
          states: {
            confirming: {
              description: "Asks to confirm leaving: the role's pages go, the licenses held stay; 'Leave' and 'Cancel'; a refusal's message (the last owner cannot leave).",
              on: { 'leave.confirm': { target: 'leaving', actions: 'clearError' } },
            },
            leaving: {
              description: "'Leave' shows progress and cannot be pressed again.",
              on: { 'dialog.close': {} },
              invoke: {
                id: 'removeMember',
                src: 'removeMember',
                input: ({ context }) => ({ oid: context.me }),
                onDone: { target: '#members.left', actions: { type: 'organisationChanged', params: { organisation: leftOrganisation } } },
                onError: showErrorIn('confirming'),
              },
            },
          },
        },
        transfer: {
          description: 'The Transfer ownership dialog.',
          initial: 'editing',
          on: { 'dialog.close': { target: 'idle', actions: 'resetDialog' } },
          states: {
            editing: {
              description: "The member to offer it to, and what the owner becomes once it is accepted (a billing manager, a seat manager, or no member); 'Offer ownership'; a refusal's message.",
              on: { 'transfer.submit': { guard: { type: 'offersTo', params: ({ event }) => ({ request: event.request }) }, target: 'offering', actions: 'clearError' } },
            },
            offering: {
              description: "'Offer ownership' shows progress and cannot be pressed again.",
              on: { 'dialog.close': {} },
              invoke: {
                id: 'offerTransfer',
                src: 'offerTransfer',
                input: ({ event }) => (event as { request: TransferRequest }).request,
                onDone: { target: '#members.ready.idle', actions: [{ type: 'keepOrganisation', params: ({ event }) => ({ organisation: event.output }) }, 'noteOffer'] },
                onError: showErrorIn('editing'),
              },
            },
          },
        },
        withdrawing: {
          description: "The offer's 'Withdraw offer' shows progress.",
          invoke: {
            id: 'withdrawTransfer',
            src: 'withdrawTransfer',
            onDone: { target: 'idle', actions: { type: 'dropOffer', params: { notice: 'The offer of ownership was withdrawn.' } } },
            onError: showErrorIn('idle'),
          },
        },
        accepting: {
          description: "The offer's 'Accept ownership' shows progress.",
          invoke: {
            id: 'acceptTransfer',
            src: 'acceptTransfer',
            onDone: {
              target: 'idle',
              actions: [
                { type: 'keepOrganisation', params: ({ event }) => ({ organisation: event.output }) },
                'noteOwnership',
                { type: 'organisationChanged', params: ({ event }) => ({ organisation: event.output }) },
              ],
            },
            onError: showErrorIn('idle'),
          },
        },
        declining: {
          description: "The offer's 'Decline' shows progress.",
          invoke: {
            id: 'declineTransfer',
            src: 'declineTransfer',
            onDone: { target: 'idle', actions: { type: 'dropOffer', params: { notice: 'You declined the offer of ownership.' } } },
            onError: showErrorIn('idle'),
          },
        },
      },
    },
    left: { type: 'final', description: "'You left the organisation.': its pages are gone from the sidebar; the licenses held stay on My Licenses." },
  },
})
