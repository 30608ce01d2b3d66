import { assign, setup } from 'xstate'
import type { Renewal } from '../common/billing-contract'
import { showErrorIn } from './error-message'
import { notProvided } from './not-provided'

/** A change asked of one subscription's renewal. */
export type RenewalSeatsChange = { subscriptionId: string; seats: number }
export type AutoRenewChange = { subscriptionId: string; autoRenew: boolean }

const replaced = (renewals: Renewal[], renewal: Renewal) => renewals.map((candidate) => (candidate.subscriptionId === renewal.subscriptionId ? renewal : candidate))

/**
 * Renewal without surprises (issue 31), beside Manage Licenses: when each subscription renews,
 * with how many seats and for how much; fewer seats for the next period (in a dialog, never fewer
 * than are assigned nor more than there are); auto-renew on or off.
 */
export const renewalMachine = setup({
  types: {
    context: {} as { renewals: Renewal[]; error: string | null; changing: Renewal | null; request: RenewalSeatsChange | null; switching: AutoRenewChange | null },
    events: {} as
      | { type: 'renewals.reload' }
      | { type: 'seats.open'; subscriptionId: string }
      | { type: 'seats.submit'; seats: number }
      | { type: 'autoRenew.set'; subscriptionId: string; autoRenew: boolean }
      | { type: 'dialog.close' },
  },
  actors: {
    loadRenewals: notProvided<Renewal[]>('loadRenewals'),
    setRenewalSeats: notProvided<Renewal, RenewalSeatsChange>('setRenewalSeats'),
    setAutoRenew: notProvided<Renewal, AutoRenewChange>('setAutoRenew'),
  },
  actions: {
    keepRenewals: assign({ renewals: (_, params: { renewals: Renewal[] }) => params.renewals, error: null }),
    keepRenewal: assign({ renewals: ({ context }, params: { renewal: Renewal }) => replaced(context.renewals, params.renewal), error: null, changing: null, request: null, switching: null }),
    // A change is held while it is out: a failure forgets it (the dialog keeps what was typed).
    showError: assign({ error: (_, params: { message: string }) => params.message, request: null, switching: null }),
    clearError: assign({ error: null }),
    pickForSeats: assign({ changing: ({ context }, params: { subscriptionId: string }) => context.renewals.find((renewal) => renewal.subscriptionId === params.subscriptionId) ?? null, error: null }),
    keepRequest: assign({ request: ({ context }, params: { seats: number }) => ({ subscriptionId: context.changing!.subscriptionId, seats: params.seats }), error: null }),
    keepSwitch: assign({ switching: (_, params: AutoRenewChange) => params, error: null }),
    closeDialog: assign({ changing: null, request: null, error: null }),
  },
  guards: {
    // Seats are chosen for a subscription that renews; one set to end has none to choose.
    renews: ({ context }, params: { subscriptionId: string }) => context.renewals.some((renewal) => renewal.subscriptionId === params.subscriptionId && renewal.autoRenew),
    // The switch of a listed subscription, turned the other way.
    switches: ({ context }, params: AutoRenewChange) => context.renewals.some((renewal) => renewal.subscriptionId === params.subscriptionId && renewal.autoRenew !== params.autoRenew),
    // A whole number from the seats assigned to the seats there are (the API's own rules).
    allowedSeats: ({ context }, params: { seats: number }) => Number.isInteger(params.seats) && params.seats >= Math.max(1, context.changing!.assigned) && params.seats <= context.changing!.seats,
  },
}).createMachine({
  id: 'renewal',
  context: { renewals: [], error: null, changing: null, request: null, switching: null },
  initial: 'loading',
  states: {
    loading: {
      description: "'Renewal' with a placeholder while GET /api/renewals answers.",
      invoke: {
        id: 'loadRenewals',
        src: 'loadRenewals',
        onDone: { target: 'ready', actions: { type: 'keepRenewals', params: ({ event }) => ({ renewals: event.output }) } },
        onError: showErrorIn('failed'),
      },
    },
    failed: { description: 'The error message with Try again.', on: { 'renewals.reload': { target: 'loading', actions: 'clearError' } } },
    ready: {
      description: "Each subscription's renewal: the date, the seats and the amount, 'N licenses end on <date>' when fewer renew, 'Change seats for renewal' and the Auto-renew switch.",
      initial: 'idle',
      states: {
        idle: {
          description: 'The renewals; a failed switch says why above them, until the next change.',
          on: {
            'seats.open': {
              guard: { type: 'renews', params: ({ event }) => ({ subscriptionId: event.subscriptionId }) },
              target: 'seats.editing',
              actions: { type: 'pickForSeats', params: ({ event }) => ({ subscriptionId: event.subscriptionId }) },
            },
            'autoRenew.set': {
              guard: { type: 'switches', params: ({ event }) => ({ subscriptionId: event.subscriptionId, autoRenew: event.autoRenew }) },
              target: 'switching',
              actions: { type: 'keepSwitch', params: ({ event }) => ({ subscriptionId: event.subscriptionId, autoRenew: event.autoRenew }) },
            },
          },
        },
        switching: {
          description: 'The Auto-renew switch shows progress and cannot be pressed again.',
          invoke: {
            id: 'setAutoRenew',
            src: 'setAutoRenew',
            input: ({ context }) => context.switching!,
            onDone: { target: 'idle', actions: { type: 'keepRenewal', params: ({ event }) => ({ renewal: event.output }) } },
            onError: showErrorIn('idle'),
          },
        },
        seats: {
          description: 'The Seats for renewal dialog over the renewals.',
          initial: 'editing',
          on: { 'dialog.close': { target: 'idle', actions: 'closeDialog' } },
          states: {
            editing: {
              description: "Seats for the next period (from the seats assigned to the seats there are now), what the renewal will charge, 'Save' and 'Cancel'; a failure's message over it.",
              on: {
                'seats.submit': {
                  guard: { type: 'allowedSeats', params: ({ event }) => ({ seats: event.seats }) },
                  target: 'sending',
                  actions: { type: 'keepRequest', params: ({ event }) => ({ seats: event.seats }) },
                },
              },
            },
            sending: {
              description: "'Save' shows progress and cannot be pressed again; the dialog stays open.",
              on: { 'dialog.close': {} },
              invoke: {
                id: 'setRenewalSeats',
                src: 'setRenewalSeats',
                input: ({ context }) => context.request!,
                onDone: { target: '#renewal.ready.idle', actions: { type: 'keepRenewal', params: ({ event }) => ({ renewal: event.output }) } },
                onError: showErrorIn('editing'),
              },
            },
          },
        },
      },
    },
  },
})
