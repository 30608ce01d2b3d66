import type { EventObject } from 'xstate'
import type { PaymentCard, UpgradePreview } from '@/common/contract'
import { answerOf, shownMessage, type Expected, type Oracle, type Relation } from '@/testkit/model/oracle'

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

/** What 'Refresh Page' does, once the upgrade succeeded or failed: nothing the wizard holds. */
export const reloadsPage = 'the page reloads'
const unknownError = 'An unknown error occurred during the upgrade process.'
/** Seats: whole numbers from 1 to 500 in the upgrade flow (spec sections 5 and 9). */
const seatLimits = { min: 1, max: 500 }
const validSeats = (seats: unknown): seats is number => Number.isInteger(seats) && (seats as number) >= seatLimits.min && (seats as number) <= seatLimits.max
/** The default seats: the licenses purchased, within the limits, or 1 (spec section 9). */
const defaultSeats = (purchased: number) => (Number.isFinite(purchased) ? Math.min(seatLimits.max, Math.max(seatLimits.min, Math.trunc(purchased))) : seatLimits.min)

/** Where the upgrade dialog stands, in spec section 4's words (its steps select, payment, confirm, success or failure). */
const said = {
  select: 'select: the plan and seats chosen',
  lookingUp: 'the default payment method being looked up',
  preparing: 'payment: the form being prepared',
  paying: 'payment: the card being entered',
  saving: 'payment: the card being saved',
  pricing: 'what is due today being asked',
  confirm: 'confirm',
  upgrading: 'the upgrade being made',
  success: 'Upgrade Successful!',
  failure: 'the failure, with Try Again and Refresh Page',
  closed: 'the upgrade dialog closed',
} as const
const u = 'upgrade'
/** The states of machines/upgrade.machine.ts that realise each of the oracle's (decision 0061). */
export const relation = {
  [said.select]: `${u}.select`,
  [said.lookingUp]: `${u}.checkingPaymentMethod`,
  [said.preparing]: `${u}.payment.preparing`,
  [said.paying]: `${u}.payment.editing`,
  [said.saving]: `${u}.payment.submitting`,
  [said.pricing]: `${u}.loadingPreview`,
  [said.confirm]: `${u}.confirm`,
  [said.upgrading]: `${u}.upgrading`,
  [said.success]: `${u}.success`,
  [said.failure]: `${u}.failure`,
  [said.closed]: `${u}.closed`,
} satisfies Relation

/** Where each actor's answer is awaited; an answer elsewhere changes nothing. */
const awaitedIn: Record<string, string> = {
  loadPaymentMethod: said.lookingUp,
  createSetupIntent: said.preparing,
  setUpPayment: said.saving,
  loadUpgradePreview: said.pricing,
  upgradeSubscription: said.upgrading,
}

/** Where closing the dialog waits for the answer: aborting would not undo a charge. */
const closingWaits: string[] = [said.saving, said.upgrading]

/**
 * Spec section 4's upgrade dialog: select, then payment only without a default payment method,
 * then confirm (once what is due today is known), then success or failure. Back: payment to
 * select; confirm to payment if the payment form was used, else to select. Try Again goes back to
 * confirm. A failed card-on-file lookup returns to select with its message.
 */
export const upgradeOracle: Oracle<UpgradeInput, UpgradeHeld> = {
  relation,
  start: (input) => ({
    state: said.select,
    held: { priceId: input.targets[0]?.priceId ?? null, seats: defaultSeats(input.seats), card: null, usedPaymentForm: false, preview: null, error: null },
  }),
  after: (now, event, input) => {
    const to = (state: string, changes: Partial<UpgradeHeld> = {}): Expected<UpgradeHeld> => ({ state, held: { ...now.held, ...changes } })
    const answer = answerOf(event, now.state, awaitedIn)
    if (answer) {
      if (!answer.awaited) return now
      if (!answer.done) return to(answer.actor === 'loadPaymentMethod' ? said.select : said.failure, { error: shownMessage(answer.error, unknownError) })
      return answered(now, answer.actor, answer.output, to)
    }
    // Closing ends the wizard, but not while a card is saved or the upgrade is made.
    if (event.type === 'wizard.close') return closingWaits.includes(now.state) ? now : to(said.closed)
    const { priceId, seats } = event as EventObject & { priceId?: string; seats?: number }
    switch (`${now.state} ${event.type}`) {
      case `${said.select} plan.select`:
        return input.targets.some((plan) => plan.priceId === priceId) ? to(now.state, { priceId }) : now
      case `${said.select} seats.change`:
        return validSeats(seats) ? to(now.state, { seats }) : now
      // A new choice may cost something else: what is due today is asked afresh.
      case `${said.select} wizard.continue`:
        return now.held.priceId ? to(said.lookingUp, { preview: null, error: null }) : now
      case `${said.preparing} wizard.back`:
      case `${said.paying} wizard.back`:
        return to(said.select, { error: null })
      case `${said.paying} payment.submit`:
        return to(said.saving, { error: null })
      case `${said.confirm} upgrade.confirm`:
        return to(said.upgrading, { error: null })
      case `${said.confirm} wizard.back`:
        return to(now.held.usedPaymentForm ? said.preparing : said.select)
      // Back to confirm; its amounts load first when they are not known yet.
      case `${said.failure} upgrade.retry`:
        return to(now.held.preview ? said.confirm : said.pricing, { error: null })
      default:
        // 'Refresh Page' reloads the page (`effects`); the wizard itself stays where it is.
        return now
    }
  },
  effects: (now, event) => (event.type === 'page.refresh' && (now.state === said.success || now.state === said.failure) ? [reloadsPage] : []),
}

function answered(now: Expected<UpgradeHeld>, actor: string, output: unknown, to: (state: string, changes?: Partial<UpgradeHeld>) => Expected<UpgradeHeld>): Expected<UpgradeHeld> {
  switch (actor) {
    case 'loadPaymentMethod': {
      const { hasPaymentMethod, card } = output as { hasPaymentMethod: boolean; card: PaymentCard | null }
      return hasPaymentMethod ? to(said.pricing, { card, usedPaymentForm: false }) : to(said.preparing, { usedPaymentForm: true })
    }
    case 'createSetupIntent':
      return to(said.paying)
    // The provider's inline validation keeps the form; a saved card is the one the upgrade charges.
    case 'setUpPayment': {
      const result = output as { status: 'saved'; card: PaymentCard | null } | { status: 'invalid' }
      return result.status === 'invalid' ? to(said.paying) : to(said.pricing, { card: result.card })
    }
    case 'loadUpgradePreview':
      return to(said.confirm, { preview: output as UpgradePreview })
    case 'upgradeSubscription':
      return to(said.success)
    default:
      return now
  }
}
