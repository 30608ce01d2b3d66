import type { EventObject } from 'xstate'
import type { PaymentCard, UpgradePreview } from '@/common/contract'
import { answerOf, shownMessage, type Expected, type Oracle } from '@/testkit/model/oracle'

/** What the wizard opens with (declared here: the reference shares no type with the machine): the plan now, the plans above it, the seats bought. */
type UpgradeInput = { currentPriceId: string; targets: readonly { priceId: string }[]; seats: number }

/** What the upgrade wizard holds that the user notices: the choice, the card charged, the amounts, the message. */
export interface UpgradeHeld {
  priceId: string | null
  seats: number
  card: PaymentCard | null
  usedPaymentForm: boolean
  preview: UpgradePreview | null
  error: string | null
}

const unknownError = 'An unknown error occurred during the upgrade process.'
/** Seats: whole numbers from 1 to 500 in the upgrade flow (spec sections 5 and 9). */
const seatLimits = { min: 1, max: 500 }
const validSeats = (seats: unknown): seats is number => Number.isInteger(seats) && (seats as number) >= seatLimits.min && (seats as number) <= seatLimits.max
/** The default seats: the licenses purchased, within the limits, or 1 (spec section 9). */
const defaultSeats = (purchased: number) => (Number.isFinite(purchased) ? Math.min(seatLimits.max, Math.max(seatLimits.min, Math.trunc(purchased))) : seatLimits.min)

/** Where each actor's answer is awaited; an answer elsewhere changes nothing. */
const awaitedIn: Record<string, string> = {
  loadPaymentMethod: 'upgrade.checkingPaymentMethod',
  createSetupIntent: 'upgrade.payment.preparing',
  setUpPayment: 'upgrade.payment.submitting',
  loadUpgradePreview: 'upgrade.loadingPreview',
  upgradeSubscription: 'upgrade.upgrading',
}

/** Where closing the dialog waits for the answer: aborting would not undo a charge. */
const closingWaits = ['upgrade.payment.submitting', 'upgrade.upgrading']

/**
 * Spec section 4's upgrade dialog: select, then payment only without a default payment method,
 * then confirm (once what is due today is known), then success or failure. Back: payment to
 * select; confirm to payment if the payment form was used, else to select. Try Again goes back to
 * confirm. A failed card-on-file lookup returns to select with its message.
 */
export const upgradeOracle: Oracle<UpgradeInput, UpgradeHeld> = {
  start: (input) => ({
    state: 'upgrade.select',
    held: { priceId: input.targets[0]?.priceId ?? null, seats: defaultSeats(input.seats), card: null, usedPaymentForm: false, preview: null, error: null },
  }),
  after: (now, event, input) => {
    const to = (state: string, changes: Partial<UpgradeHeld> = {}): Expected<UpgradeHeld> => ({ state, held: { ...now.held, ...changes } })
    const answer = answerOf(event, now.state, awaitedIn)
    if (answer) {
      if (!answer.awaited) return now
      if (!answer.done) return to(answer.actor === 'loadPaymentMethod' ? 'upgrade.select' : 'upgrade.failure', { error: shownMessage(answer.error, unknownError) })
      return answered(now, answer.actor, answer.output, to)
    }
    // Closing ends the wizard, but not while a card is saved or the upgrade is made.
    if (event.type === 'wizard.close') return closingWaits.includes(now.state) ? now : to('upgrade.closed')
    const { priceId, seats } = event as EventObject & { priceId?: string; seats?: number }
    switch (`${now.state} ${event.type}`) {
      case 'upgrade.select plan.select':
        return input.targets.some((plan) => plan.priceId === priceId) ? to(now.state, { priceId }) : now
      case 'upgrade.select seats.change':
        return validSeats(seats) ? to(now.state, { seats }) : now
      // A new choice may cost something else: what is due today is asked afresh.
      case 'upgrade.select wizard.continue':
        return now.held.priceId ? to('upgrade.checkingPaymentMethod', { preview: null, error: null }) : now
      case 'upgrade.payment.preparing wizard.back':
      case 'upgrade.payment.editing wizard.back':
        return to('upgrade.select', { error: null })
      case 'upgrade.payment.editing payment.submit':
        return to('upgrade.payment.submitting', { error: null })
      case 'upgrade.confirm upgrade.confirm':
        return to('upgrade.upgrading', { error: null })
      case 'upgrade.confirm wizard.back':
        return to(now.held.usedPaymentForm ? 'upgrade.payment.preparing' : 'upgrade.select')
      // Back to confirm; its amounts load first when they are not known yet.
      case 'upgrade.failure upgrade.retry':
        return to(now.held.preview ? 'upgrade.confirm' : 'upgrade.loadingPreview', { error: null })
      default:
        // 'Refresh Page' reloads the page; the wizard itself stays where it is.
        return now
    }
  },
}

function answered(now: Expected<UpgradeHeld>, actor: string, output: unknown, to: (state: string, changes?: Partial<UpgradeHeld>) => Expected<UpgradeHeld>): Expected<UpgradeHeld> {
  switch (actor) {
    case 'loadPaymentMethod': {
      const { hasPaymentMethod, card } = output as { hasPaymentMethod: boolean; card: PaymentCard | null }
      return hasPaymentMethod ? to('upgrade.loadingPreview', { card, usedPaymentForm: false }) : to('upgrade.payment.preparing', { usedPaymentForm: true })
    }
    case 'createSetupIntent':
      return to('upgrade.payment.editing')
    // The provider's inline validation keeps the form; a saved card is the one the upgrade charges.
    case 'setUpPayment': {
      const result = output as { status: 'saved'; card: PaymentCard | null } | { status: 'invalid' }
      return result.status === 'invalid' ? to('upgrade.payment.editing') : to('upgrade.loadingPreview', { card: result.card })
    }
    case 'loadUpgradePreview':
      return to('upgrade.confirm', { preview: output as UpgradePreview })
    case 'upgradeSubscription':
      return to('upgrade.success')
    default:
      return now
  }
}
