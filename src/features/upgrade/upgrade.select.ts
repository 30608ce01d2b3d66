import type { SnapshotFrom } from 'xstate'
import type { upgradeMachine } from '@/machines/upgrade.machine'
import { upgradeSeatLimits } from '@/common/plans'
import { formatLongDate, formatUsd } from '@/common/format'

export type UpgradeStep = 'select' | 'payment' | 'confirm' | 'success' | 'failure'

function stepOf(snapshot: SnapshotFrom<typeof upgradeMachine>): UpgradeStep {
  if (snapshot.matches('payment')) return 'payment'
  if (snapshot.matches('loadingPreview') || snapshot.matches('confirm') || snapshot.matches('upgrading')) return 'confirm'
  if (snapshot.matches('success')) return 'success'
  if (snapshot.matches('failure')) return 'failure'
  return 'select'
}

const brandNames: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' }

/** The wizard's view model: the step, the choice and its price, the card, progress and errors. */
export function selectUpgrade(snapshot: SnapshotFrom<typeof upgradeMachine>) {
  const { targets, priceId, seats, card, error, clientSecret, preview } = snapshot.context
  const plan = targets.find((target) => target.priceId === priceId) ?? null
  return {
    step: stepOf(snapshot),
    targets,
    priceId,
    planName: plan?.name ?? '',
    seats,
    seatLimits: upgradeSeatLimits,
    pricePerSeat: plan ? formatUsd(plan.price) : '',
    total: plan ? formatUsd(plan.price * seats) : '',
    card: card ? `${brandNames[card.brand] ?? card.brand} ending in ${card.last4}` : null,
    clientSecret,
    /** What the upgrade costs: today, then every year from the renewal date. */
    preview: preview ? { dueToday: formatUsd(preview.amountDue), annualTotal: formatUsd(preview.annualTotal), renewsOn: formatLongDate(preview.renewsOn) } : null,
    loadingPreview: snapshot.matches('loadingPreview'),
    checking: snapshot.matches('checkingPaymentMethod'),
    preparingPayment: snapshot.matches({ payment: 'preparing' }),
    submittingPayment: snapshot.matches({ payment: 'submitting' }),
    upgrading: snapshot.matches('upgrading'),
    canContinue: snapshot.can({ type: 'wizard.continue' }),
    canBack: snapshot.can({ type: 'wizard.back' }),
    canSubmitPayment: snapshot.can({ type: 'payment.submit', form: null }),
    canConfirm: snapshot.can({ type: 'upgrade.confirm' }),
    error,
  }
}
