/** Model of the upgrade wizard's machine for generated paths: tests, the path catalogue and coverage. */
import { upgradeMachine, type UpgradeInput } from '@/machines/upgrade.machine'
import type { UpgradePreview } from '@/common/contract'
import { actorEvents, type ActorFixtures, type PathPlan } from '@/testkit/model/paths'
import { reloadsPage } from './upgrade.oracle'

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
  // The view reloads the page on this action (decision 0076).
  effects: { actions: { reloadPage: () => reloadsPage } },
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
    { type: 'wizard.close' },
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
