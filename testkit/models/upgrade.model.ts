/** Model of the upgrade wizard's machine for generated paths: tests, the path catalogue and coverage. */
import type { EventObject } from 'xstate'
import { upgradeMachine, type UpgradeInput } from '../../machines/upgrade.machine'
import type { PaymentCard, UpgradePreview } from '../../common/contract'
import { actorEvents, type ActorFixtures, type PathPlan } from '../model/paths'

export const communityUpgrade: UpgradeInput = {
  currentPriceId: 'community',
  targets: [
    { priceId: 'commercial', name: 'Commercial', price: 29900 },
    { priceId: 'commercial-plus', name: 'Commercial Plus', price: 49900 },
  ],
  seats: 1,
}

/** A Community owner with three licenses purchased: the wizard starts at 3 seats (spec section 9), not 1. */
export const communityOfThree: UpgradeInput = { ...communityUpgrade, seats: 3 }

export const visa = { brand: 'visa', last4: '4242' }
export const paymentErrors = {
  notReady: 'Payment system is not ready. Please try again in a moment.',
  refused: 'Payment setup failed. Please try again.',
  notSaved: 'Failed to save payment method. Please try again.',
  unexpected: 'An unexpected error occurred during payment setup. Please try again.',
} as const

/** What Stripe's preview says the upgrade costs (cents, cents, the renewal date). */
export const preview: UpgradePreview = { amountDue: 83014, annualTotal: 249500, renewsOn: '2027-09-19T00:00:00.000Z' }

export const fixtures: ActorFixtures<typeof upgradeMachine> = {
  loadPaymentMethod: {
    done: [
      { hasPaymentMethod: true, card: visa },
      { hasPaymentMethod: false, card: null },
    ],
    error: [new Error('There was a problem connecting to the server. Please try again.')],
  },
  createSetupIntent: {
    done: [{ clientSecret: 'seti_1_secret_2' }],
    error: [new Error("We're experiencing technical difficulties. Please try again later or contact support if the problem persists.")],
  },
  setUpPayment: { done: [{ status: 'saved', card: visa }, { status: 'invalid' }], error: [new Error(paymentErrors.refused)] },
  loadUpgradePreview: { done: [preview], error: [new Error("We're experiencing technical difficulties. Please try again later or contact support if the problem persists.")] },
  upgradeSubscription: { done: [undefined], error: [new Error('Your card was declined.'), {}] },
}

export const upgradeModel: PathPlan<typeof upgradeMachine> = {
  name: 'upgrade',
  machine: upgradeMachine,
  actors: Object.keys(fixtures),
  inputs: [communityOfThree],
  events: [
    { type: 'plan.select', priceId: 'commercial-plus' },
    { type: 'plan.select', priceId: 'community' },
    { type: 'seats.change', seats: 500 },
    { type: 'seats.change', seats: 501 },
    { type: 'wizard.continue' },
    { type: 'wizard.back' },
    { type: 'payment.submit', form: null },
    { type: 'upgrade.confirm' },
    { type: 'upgrade.retry' },
    { type: 'page.refresh' },
    ...actorEvents(fixtures),
  ],
}

/**
 * The wizard as the browser can drive it against the local stack: only outcomes the stack can
 * produce (a card on file or none; a saved card, an incomplete one, a declined one; an upgrade that
 * goes through). The plan and seat choices are left to the select step's own test.
 */
export const browserFixtures: ActorFixtures<typeof upgradeMachine> = {
  loadPaymentMethod: {
    done: [
      { hasPaymentMethod: true, card: visa },
      { hasPaymentMethod: false, card: null },
    ],
    error: [],
  },
  createSetupIntent: { done: [{ clientSecret: 'seti_1_secret_2' }], error: [] },
  setUpPayment: { done: [{ status: 'saved', card: visa }, { status: 'invalid' }], error: [new Error(paymentErrors.refused)] },
  loadUpgradePreview: { done: [preview], error: [] },
  upgradeSubscription: { done: [undefined], error: [] },
}

export const upgradeBrowserModel: PathPlan<typeof upgradeMachine> = {
  name: 'upgrade (browser)',
  machine: upgradeMachine,
  actors: Object.keys(browserFixtures),
  inputs: [communityUpgrade],
  events: [{ type: 'wizard.continue' }, { type: 'wizard.back' }, { type: 'payment.submit', form: null }, { type: 'upgrade.confirm' }, { type: 'upgrade.retry' }, ...actorEvents(browserFixtures)],
}

/**
 * What the user chose and was told along a path of `upgradeModel`, read from the events the test
 * sent and restated from the spec, never from the machine: the first plan the current one may move
 * to (Community: Commercial, then Commercial Plus), the licenses purchased (3) until 1 to 500 seats
 * are typed, the card on file or saved, and the last failure's message.
 */
export function upgradeAlongPath(sent: readonly EventObject[]) {
  let priceId: 'commercial' | 'commercial-plus' = 'commercial'
  let seats = 3
  let card: PaymentCard | null = null
  let usedPaymentForm = false
  let error: string | null = null
  for (const event of sent as readonly (EventObject & { priceId?: string; seats?: number; output?: unknown; error?: unknown })[]) {
    if (event.type === 'plan.select' && (event.priceId === 'commercial' || event.priceId === 'commercial-plus')) priceId = event.priceId
    if (event.type === 'seats.change' && Number.isInteger(event.seats) && event.seats! >= 1 && event.seats! <= 500) seats = event.seats!
    if (event.type === 'xstate.done.actor.loadPaymentMethod') {
      const output = event.output as { hasPaymentMethod: boolean; card: PaymentCard | null }
      usedPaymentForm = !output.hasPaymentMethod
      if (output.hasPaymentMethod) card = output.card
    }
    if (event.type === 'xstate.done.actor.setUpPayment' && (event.output as { status: string }).status === 'saved') card = (event.output as { card: PaymentCard }).card
    if (event.type.startsWith('xstate.error.actor.')) error = event.error instanceof Error && event.error.message ? event.error.message : 'An unknown error occurred during the upgrade process.'
    if (['wizard.continue', 'wizard.back', 'payment.submit', 'upgrade.confirm', 'upgrade.retry'].includes(event.type)) error = null
  }
  return { priceId, seats, card, usedPaymentForm, error }
}
