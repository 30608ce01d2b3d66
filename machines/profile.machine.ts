import { assign, enqueueActions, setup } from 'xstate'
import type { Account, ProfileFields } from '../common/contract'
import type { Addressee } from './addressee'
import { notProvided } from './not-provided'
import { showErrorIn } from './error-message'

type AccountChanged = { type: 'account.changed'; account: Account }

/** The Profile page (spec section 2): load with GET /api/account/, save with PUT. */
export const profileMachine = setup({
  types: {
    context: {} as { account: Account | null; error: string | null; saved: boolean; session?: Addressee<AccountChanged> },
    input: {} as { session?: Addressee<AccountChanged> },
    events: {} as { type: 'profile.save'; fields: ProfileFields } | { type: 'profile.reload' } | { type: 'notice.dismiss' },
  },
  actors: {
    loadProfile: notProvided<Account, void>('loadProfile'),
    saveProfile: notProvided<Account, ProfileFields>('saveProfile'),
  },
  actions: {
    keepAccount: assign({ account: (_, params: { account: Account }) => params.account, error: null }),
    confirmSaved: assign({ saved: true, error: null }),
    showError: assign({ error: (_, params: { message: string }) => params.message, saved: false }),
    clearNotice: assign({ error: null, saved: false }),
    /** Tells the session, whose user menu shows the name, about the change. */
    announceAccount: enqueueActions(({ context, enqueue }, params: { account: Account }) => {
      if (context.session) enqueue.sendTo(context.session, { type: 'account.changed', account: params.account })
    }),
  },
}).createMachine({
  id: 'profile',
  context: ({ input }) => ({ account: null, error: null, saved: false, session: input.session }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Loading, please wait...',
      invoke: {
        id: 'loadProfile',
        src: 'loadProfile',
        onDone: { target: 'editing', actions: { type: 'keepAccount', params: ({ event }) => ({ account: event.output }) } },
        onError: showErrorIn('failed'),
      },
    },
    failed: { description: 'The profile could not load: the message and Try again.', on: { 'profile.reload': { target: 'loading', actions: 'clearNotice' } } },
    editing: {
      description: "Personal Information and Notifications, with 'Update Profile'; after saving, a confirmation or the error.",
      meta: { requirements: ['S2.profile.form', 'S2.profile.email-read-only'] },
      on: {
        'profile.save': { target: 'saving', actions: 'clearNotice' },
        'notice.dismiss': { actions: 'clearNotice' },
      },
    },
    saving: {
      description: "'Update Profile' shows progress and cannot be pressed again; the typed values stay.",
      meta: { requirements: ['S7.update-account'] },
      invoke: {
        id: 'saveProfile',
        src: 'saveProfile',
        input: ({ event }) => (event as { fields: ProfileFields }).fields,
        onDone: {
          target: 'editing',
          actions: [{ type: 'keepAccount', params: ({ event }) => ({ account: event.output }) }, 'confirmSaved', { type: 'announceAccount', params: ({ event }) => ({ account: event.output }) }],
        },
        onError: showErrorIn('editing'),
      },
    },
  },
})
