import { and, assign, not, setup, stateIn } from 'xstate'
import type { PaymentCard, UpgradePreview } from '../common/contract'
import { upgradeSeatLimits, type PriceId } from '../common/plans'
import { notProvided } from './not-provided'
import { showErrorIn } from './error-message'

/** A plan as the wizard shows it: name and price per seat in cents. */
export interface PlanPrice {
  priceId: PriceId
  name: string
  price: number
}

export const unknownUpgradeError = 'An unknown error occurred during the upgrade process.'

/** What submitting the payment form came to: saved (with the card now on file), or held inline by the provider's checks. */
export type PaymentSetupResult = { status: 'saved'; card: PaymentCard | null } | { status: 'invalid' }

export interface UpgradeInput {
  currentPriceId: PriceId
  /** The plans the current one may be upgraded to (spec section 4). */
  targets: readonly PlanPrice[]
  /** Licenses purchased now; the default seat count. */
  seats: number
}

interface UpgradeContext {
  targets: readonly PlanPrice[]
  priceId: PriceId | null
  seats: number
  /** The card on file that the upgrade will charge. */
  card: PaymentCard | null
  /** Whether the payment step was used (Back from confirm returns to it). */
  usedPaymentForm: boolean
  clientSecret: string | null
  /** What the chosen upgrade costs today and per year; null until loaded for the current choice. */
  preview: UpgradePreview | null
  error: string | null
}

/** Back from the payment step, offered while the form loads and while it is filled in, not once it is submitted. */
const backToSelect = { target: '#upgrade.select', actions: 'clearError', meta: { requirements: ['S4.upgrade.back'] } } as const

const clampSeats = (seats: number) => Math.min(upgradeSeatLimits.max, Math.max(upgradeSeatLimits.min, Math.trunc(seats) || upgradeSeatLimits.min))

/**
 * The upgrade wizard (spec section 4): select -> payment (only without a default payment method)
 * -> confirm -> success or failure, with Back and Try Again as the spec says. Confirm shows what is
 * due today, so the preview of the charge is loaded before it.
 */
export const upgradeMachine = setup({
  types: {
    context: {} as UpgradeContext,
    input: {} as UpgradeInput,
    events: {} as
      | { type: 'plan.select'; priceId: PriceId }
      | { type: 'seats.change'; seats: number }
      | { type: 'wizard.continue' }
      | { type: 'wizard.back' }
      /** The provider's form (Stripe and Elements), as the view holds it. */
      | { type: 'payment.submit'; form: unknown }
      | { type: 'upgrade.confirm' }
      | { type: 'upgrade.retry' }
      | { type: 'page.refresh' }
      /** The dialog's close button or Cancel: the wizard ends, and its parent closes the dialog. */
      | { type: 'wizard.close' },
  },
  actors: {
    loadPaymentMethod: notProvided<{ hasPaymentMethod: boolean; card: PaymentCard | null }>('loadPaymentMethod'),
    createSetupIntent: notProvided<{ clientSecret: string }>('createSetupIntent'),
    setUpPayment: notProvided<PaymentSetupResult, { clientSecret: string; form: unknown }>('setUpPayment'),
    loadUpgradePreview: notProvided<UpgradePreview, { priceId: PriceId; quantity: number }>('loadUpgradePreview'),
    upgradeSubscription: notProvided<void, { priceId: PriceId; quantity: number }>('upgradeSubscription'),
  },
  actions: {
    choosePlan: assign({ priceId: (_, params: { priceId: PriceId }) => params.priceId }),
    keepSeats: assign({ seats: (_, params: { seats: number }) => params.seats }),
    keepCard: assign({ card: (_, params: { card: PaymentCard | null }) => params.card }),
    keepClientSecret: assign({ clientSecret: (_, params: { clientSecret: string }) => params.clientSecret }),
    keepPreview: assign({ preview: (_, params: { preview: UpgradePreview }) => params.preview }),
    // A new choice may cost something else: its preview is loaded afresh.
    forgetPreview: assign({ preview: null }),
    markPaymentFormUsed: assign({ usedPaymentForm: true }),
    forgetPaymentForm: assign({ usedPaymentForm: false }),
    showError: assign({ error: (_, params: { message: string }) => params.message }),
    clearError: assign({ error: null }),
    /** Reloads the page ('Refresh Page'); the app provides it. */
    reloadPage: () => {},
  },
  guards: {
    /** Not while a card is saved or the upgrade is made: aborting would not undo a charge. */
    mayClose: and([not(stateIn({ payment: 'submitting' })), not(stateIn('upgrading'))]),
    isTarget: ({ context }, params: { priceId: PriceId }) => context.targets.some((plan) => plan.priceId === params.priceId),
    validSeats: (_, params: { seats: number }) => Number.isInteger(params.seats) && params.seats >= upgradeSeatLimits.min && params.seats <= upgradeSeatLimits.max,
    planChosen: ({ context }) => context.priceId !== null,
    hasPaymentMethod: (_, params: { hasPaymentMethod: boolean }) => params.hasPaymentMethod,
    heldInline: (_, params: { result: PaymentSetupResult }) => params.result.status === 'invalid',
    usedPaymentForm: ({ context }) => context.usedPaymentForm,
    previewLoaded: ({ context }) => context.preview !== null,
  },
}).createMachine({
  id: 'upgrade',
  context: ({ input }) => ({
    targets: input.targets,
    priceId: input.targets[0]?.priceId ?? null,
    seats: clampSeats(input.seats),
    card: null,
    usedPaymentForm: false,
    clientSecret: null,
    preview: null,
    error: null,
  }),
  initial: 'select',
  // Closing ends the wizard at any step but while a card is saved or the upgrade is made.
  on: { 'wizard.close': { guard: 'mayClose', target: '.closed' } },
  states: {
    select: {
      description: 'The plans allowed from the current one, seats (1 to 500), price per seat and total; Continue.',
      meta: { requirements: ['S4.upgrade.steps', 'S4.upgrade.paths', 'S9.upgrade-default-seats', 'S9.prices'] },
      on: {
        'plan.select': { guard: { type: 'isTarget', params: ({ event }) => ({ priceId: event.priceId }) }, actions: { type: 'choosePlan', params: ({ event }) => ({ priceId: event.priceId }) } },
        'seats.change': {
          guard: { type: 'validSeats', params: ({ event }) => ({ seats: event.seats }) },
          actions: { type: 'keepSeats', params: ({ event }) => ({ seats: event.seats }) },
          meta: { requirements: ['S5.seats.minimum', 'S5.seats.upgrade-maximum'] },
        },
        'wizard.continue': { guard: 'planChosen', target: 'checkingPaymentMethod', actions: ['clearError', 'forgetPreview'] },
      },
    },
    checkingPaymentMethod: {
      description: 'Continue shows progress while the default payment method is looked up.',
      meta: { requirements: ['S7.has-payment-method'] },
      invoke: {
        id: 'loadPaymentMethod',
        src: 'loadPaymentMethod',
        onDone: [
          {
            guard: { type: 'hasPaymentMethod', params: ({ event }) => ({ hasPaymentMethod: event.output.hasPaymentMethod }) },
            target: 'loadingPreview',
            actions: ['forgetPaymentForm', { type: 'keepCard', params: ({ event }) => ({ card: event.output.card }) }],
            meta: { requirements: ['S4.upgrade.steps'] },
          },
          { target: 'payment', actions: 'markPaymentFormUsed', meta: { requirements: ['S4.upgrade.steps'] } },
        ],
        onError: showErrorIn('select', unknownUpgradeError),
      },
    },
    payment: {
      description: 'The payment step: a card to save as the default, since none is on file; Back returns to select until the card is submitted.',
      meta: { requirements: ['S4.upgrade.steps'] },
      initial: 'preparing',
      states: {
        preparing: {
          description: 'The payment form loads (a SetupIntent is created).',
          meta: { requirements: ['S7.setup-intent'] },
          on: { 'wizard.back': backToSelect },
          invoke: {
            id: 'createSetupIntent',
            src: 'createSetupIntent',
            onDone: { target: 'editing', actions: { type: 'keepClientSecret', params: ({ event }) => ({ clientSecret: event.output.clientSecret }) } },
            onError: showErrorIn('#upgrade.failure', unknownUpgradeError),
          },
        },
        editing: {
          description: "The provider's Payment Element; its validation errors stay inline.",
          meta: { requirements: ['S5.payment.inline'] },
          on: { 'payment.submit': { target: 'submitting', actions: 'clearError' }, 'wizard.back': backToSelect },
        },
        submitting: {
          description: 'The setup is confirmed and the payment method saved as the default; Back and closing wait for the answer.',
          meta: { requirements: ['S7.save-payment-method'] },
          invoke: {
            id: 'setUpPayment',
            src: 'setUpPayment',
            input: ({ context, event }) => ({ clientSecret: context.clientSecret!, form: (event as { form: unknown }).form }),
            onDone: [
              { guard: { type: 'heldInline', params: ({ event }) => ({ result: event.output }) }, target: 'editing', meta: { requirements: ['S5.payment.inline'] } },
              { target: '#upgrade.loadingPreview', actions: { type: 'keepCard', params: ({ event }) => ({ card: event.output.status === 'saved' ? event.output.card : null }) } },
            ],
            onError: showErrorIn('#upgrade.failure', unknownUpgradeError),
          },
        },
      },
    },
    loadingPreview: {
      description: "The confirm step's summary; the amount due today shows progress and Confirm waits for it.",
      invoke: {
        id: 'loadUpgradePreview',
        src: 'loadUpgradePreview',
        input: ({ context }) => ({ priceId: context.priceId!, quantity: context.seats }),
        onDone: { target: 'confirm', actions: { type: 'keepPreview', params: ({ event }) => ({ preview: event.output }) } },
        onError: showErrorIn('failure', unknownUpgradeError),
      },
    },
    confirm: {
      description: "Plan, seats, total, the card that will be charged, 'Due today' and the yearly amount from the renewal date; Confirm.",
      meta: { requirements: ['S4.upgrade.steps', 'S9.prices'] },
      on: {
        'upgrade.confirm': { target: 'upgrading', actions: 'clearError' },
        'wizard.back': [
          { guard: 'usedPaymentForm', target: 'payment', meta: { requirements: ['S4.upgrade.back'] } },
          { target: 'select', meta: { requirements: ['S4.upgrade.back'] } },
        ],
      },
    },
    upgrading: {
      description: 'Confirm shows progress and cannot be pressed again; the dialog cannot be closed.',
      meta: { requirements: ['S7.upgrade'] },
      invoke: {
        id: 'upgradeSubscription',
        src: 'upgradeSubscription',
        input: ({ context }) => ({ priceId: context.priceId!, quantity: context.seats }),
        onDone: 'success',
        onError: showErrorIn('failure', unknownUpgradeError),
      },
    },
    success: { description: "'Upgrade Successful!' and 'Refresh Page'.", meta: { requirements: ['S4.upgrade.success'] }, on: { 'page.refresh': { actions: 'reloadPage' } } },
    closed: { type: 'final', description: 'The dialog closed: the wizard is discarded, and Manage Licenses shows its page.' },
    failure: {
      description: "The message, 'Try Again' (back to confirm; the amounts load first if they are not known) and 'Refresh Page'.",
      meta: { requirements: ['S4.upgrade.failure', 'S8.upgrade.unknown'] },
      on: {
        'upgrade.retry': [
          { guard: 'previewLoaded', target: 'confirm', actions: 'clearError', meta: { requirements: ['S4.upgrade.failure'] } },
          { target: 'loadingPreview', actions: 'clearError' },
        ],
        'page.refresh': { actions: 'reloadPage' },
      },
    },
  },
})
