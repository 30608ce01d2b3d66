import { expect, type Page } from '@playwright/test'
import type { upgradeMachine } from '@/machines/upgrade.machine'
import { communityUpgrade, paymentErrors, preview, upgradeModel, visa } from '@/testkit/flows/upgrade/upgrade.model'
import { actorEvents, type ActorFixtures, type PathPlan } from '@/testkit/model/paths'
import { demo } from '../support/accounts'
import { callOf, calling, defaultKey, type Tour, type TourStep } from '../support/machine-tour'
import { openAs } from './open-as'
import { pressing } from './press'

const technicalDifficulties = "We're experiencing technical difficulties. Please try again later or contact support if the problem persists."

/**
 * The outcomes the tour can give the wizard on the Community demo owner's page: the API's answers
 * held and given as each path says (a card on file or none; each call refused), the SetupIntent
 * made for real (the payment sandbox's form needs its secret), a card saved (or its saving refused,
 * spec section 8) once the sandbox confirmed it. The provider's own outcomes (a card held inline, a
 * declined card) settle in the page with no request to hold: e2e/upgrade.mutating.spec.ts walks them.
 */
const fixtures: ActorFixtures<typeof upgradeMachine> = {
  loadPaymentMethod: {
    done: [
      { hasPaymentMethod: true, card: visa },
      { hasPaymentMethod: false, card: null },
    ],
    error: [new Error('There was a problem connecting to the server. Please try again.')],
  },
  createSetupIntent: { done: [{ clientSecret: 'seti_1_secret_2' }], error: [new Error(technicalDifficulties)] },
  setUpPayment: { done: [{ status: 'saved', card: visa }], error: [new Error(paymentErrors.notSaved)] },
  loadUpgradePreview: { done: [preview], error: [new Error(technicalDifficulties)] },
  upgradeSubscription: { done: [undefined], error: [new Error('Your card was declined.')] },
}

const plan: PathPlan<typeof upgradeMachine> = {
  ...upgradeModel,
  actors: Object.keys(fixtures),
  inputs: [communityUpgrade],
  events: [
    { type: 'wizard.continue' },
    { type: 'wizard.back' },
    { type: 'wizard.close' },
    { type: 'payment.submit', form: null },
    { type: 'upgrade.confirm' },
    { type: 'upgrade.retry' },
    ...actorEvents(fixtures),
  ],
}

const cards = { good: '4242 4242 4242 4242' }
const wizard = (page: Page) => page.getByRole('dialog', { name: 'Upgrade Subscription' })

/** Saves the sandbox's test card; the held save call then answers as the path says. */
async function submitCard(page: Page) {
  await wizard(page).getByLabel('Card number').fill(cards.good)
  await wizard(page).getByLabel('Expiration (MM / YY)').fill('12 / 34')
  await wizard(page).getByLabel('Security code (CVC)').fill('123')
  await wizard(page).getByRole('button', { name: 'Save payment method' }).click()
}

/**
 * The upgrade wizard of Manage Licenses, opened by the Community demo owner's 'Upgrade' badge: the
 * plan step, the payment step with its card form, confirm with the amount due today, success, and
 * each failure the stack can show (a call refused, the payment method not saved, the card declined
 * by the upgrade).
 */
export const upgradeTour: Tour<typeof upgradeMachine> = {
  plan,
  actors: {
    loadPaymentMethod: calling('hasDefaultPaymentMethod'),
    createSetupIntent: { ...calling('createSetupIntent'), passThrough: true },
    setUpPayment: { calls: [callOf('saveDefaultPaymentMethod')], answers: (output) => [{ paymentMethodId: 'pm_card_visa', card: (output as { card: unknown }).card }] },
    loadUpgradePreview: calling('upgradePreview'),
    upgradeSubscription: calling('upgrade'),
  },
  // Each failure's message is a screen of its own.
  keyOf: (step) => `${defaultKey(step)}${typeof step.state.context.error === 'string' ? `: ${step.state.context.error}` : ''}`,
  sweptElsewhere: 'e2e/upgrade.mutating.spec.ts checks every state of the wizard with axe, against the payment sandbox.',
  open: async (page) => {
    await openAs(page, demo.community, '/account/licenses')
    await page.getByRole('main').getByRole('button', { name: 'Upgrade', exact: true }).click()
  },
  perform: pressing(
    wizard,
    { 'wizard.continue': 'Continue', 'wizard.back': 'Back', 'wizard.close': 'Close', 'upgrade.confirm': 'Confirm', 'upgrade.retry': 'Try Again' },
    { 'payment.submit': submitCard },
  ),
  expectShown: async (page, step: TourStep) => {
    const dialog = wizard(page)
    // The branch is the test: closed, the wizard is gone and Manage Licenses shows its page.
    if (step.state.value === 'closed') return expect(dialog).toHaveCount(0)
    await expect(dialog).toBeVisible()
    // The branch is the test: the card form shows only on the payment step's form.
    if (JSON.stringify(step.state.value) === '{"payment":"editing"}') await expect(dialog.getByLabel('Card number')).toBeVisible()
    // The branch is the test: confirm shows what is due today.
    if (step.state.value === 'confirm') await expect(dialog.getByText('Due today: $830.14', { exact: true })).toBeVisible()
  },
}
