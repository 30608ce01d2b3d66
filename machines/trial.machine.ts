import { assign, enqueueActions, setup } from 'xstate'
import type { Trial } from '../common/billing-contract'
import type { Account } from '../common/contract'
import type { Addressee } from './addressee'
import { showErrorIn } from './error-message'
import { notProvided } from './not-provided'

/** The session, told of the account as the trial left it (its license type and billing): the sidebar follows. */
type SessionAddressee = Addressee<{ type: 'account.changed'; account: Account }>

interface TrialContext {
  trial: Trial | null
  error: string | null
  session?: SessionAddressee
}

/**
 * A trial without a card (issue 49, decision 0047), on My Licenses: 'Start 30-day free trial' in the
 * empty page starts a Commercial Plus trial, once per press; its answer says until when it runs, and
 * the session is told of the account's new standing. 'Extend trial by 14 days', on the trial's card
 * (one found later included), moves its end once. A refusal or failure is said, and the page stays
 * as it was.
 */
export const trialMachine = setup({
  types: {
    context: {} as TrialContext,
    input: {} as { session?: SessionAddressee },
    events: {} as { type: 'trial.start' } | { type: 'trial.extend' },
  },
  actors: {
    startTrial: notProvided<Trial>('startTrial'),
    extendTrial: notProvided<Trial>('extendTrial'),
  },
  actions: {
    clearError: assign({ error: null }),
    showError: assign({ error: (_, params: { message: string }) => params.message }),
    keepTrial: assign({ trial: (_, params: { trial: Trial }) => params.trial, error: null }),
    tellSession: enqueueActions(({ context, enqueue }, params: { trial: Trial }) => {
      if (context.session) enqueue.sendTo(context.session, { type: 'account.changed', account: params.trial.account })
    }),
  },
}).createMachine({
  id: 'trial',
  context: ({ input }) => ({ trial: null, error: null, session: input.session }),
  initial: 'idle',
  states: {
    idle: {
      description: "My Licenses as loaded: 'Start 30-day free trial' on the empty page, 'Extend trial by 14 days' on a trial's card; a failure above them.",
      on: {
        'trial.start': { target: 'starting', actions: 'clearError' },
        'trial.extend': { target: 'extending', actions: 'clearError' },
      },
    },
    starting: {
      description: "'Start 30-day free trial' shows progress and cannot be pressed again.",
      invoke: {
        id: 'startTrial',
        src: 'startTrial',
        onDone: {
          target: 'running',
          actions: [
            { type: 'keepTrial', params: ({ event }) => ({ trial: event.output }) },
            { type: 'tellSession', params: ({ event }) => ({ trial: event.output }) },
          ],
        },
        onError: showErrorIn('idle'),
      },
    },
    running: {
      description:
        "A trial on the page: 'Your free Commercial Plus trial has started: it ends on …' once started here; the trial's card, with its key and 'Extend trial by 14 days'; an extension's failure above it.",
      on: { 'trial.extend': { target: 'extending', actions: 'clearError' } },
    },
    extending: {
      description: "'Extend trial by 14 days' shows progress and cannot be pressed again.",
      invoke: {
        id: 'extendTrial',
        src: 'extendTrial',
        onDone: { target: 'extended', actions: { type: 'keepTrial', params: ({ event }) => ({ trial: event.output }) } },
        // The trial is still there, as its card says: it may be asked again.
        onError: showErrorIn('running'),
      },
    },
    extended: {
      description: "'Your trial now ends on …': its one extension is used, and the card offers none.",
    },
  },
})
