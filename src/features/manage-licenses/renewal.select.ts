import type { SnapshotFrom } from 'xstate'
import type { Renewal } from '@/common/billing-contract'
import { formatLongDate, formatUsd } from '@/common/format'
import { findPlan } from '@/common/plans'
import type { renewalMachine } from '@/machines/renewal.machine'

const licenses = (count: number) => (count === 1 ? '1 license' : `${count} licenses`)

/** A subscription's renewal as its card says it. */
export function renewalCard(renewal: Renewal) {
  const date = formatLongDate(renewal.renewsOn)
  const ending = renewal.seats - renewal.renewalSeats
  const plan = findPlan(renewal.priceId)?.name ?? renewal.priceId
  return {
    id: renewal.subscriptionId,
    title: renewal.autoRenew ? `${plan}: renews on ${date}` : `${plan}: ends on ${date}`,
    summary: renewal.autoRenew
      ? `Renews with ${licenses(renewal.renewalSeats)} for ${formatUsd(renewal.renewalAmount)} a year, before any tax.`
      : `Auto-renew is off: its ${licenses(renewal.seats)} end on ${date}.`,
    // What changes at the renewal: the seats that end with this period.
    ending: renewal.autoRenew && ending > 0 ? `${licenses(ending)} ${ending === 1 ? 'ends' : 'end'} on ${date}` : null,
    // Bought by invoice: the seats work while the invoice is open, until it is due.
    awaitingPayment: renewal.paymentDueDate ? `Awaiting payment: the invoice is due by ${formatLongDate(renewal.paymentDueDate)}.` : null,
    // Paid by invoice: the next period is invoiced 30 days before the renewal (decision 0056).
    renewalInvoice: renewal.renewalInvoice
      ? `The renewal is invoiced (${renewal.renewalInvoice.number}): due by ${formatLongDate(renewal.renewalInvoice.dueDate)}. The invoice is under Invoices and company; its licenses and auto-renew stay as invoiced.`
      : null,
    // An invoiced renewal's seats and auto-renewal stay as invoiced (the API refuses a change, 409).
    invoiced: renewal.renewalInvoice != null,
    autoRenew: renewal.autoRenew,
    renewal,
  }
}
export type RenewalCard = ReturnType<typeof renewalCard>

/** The seats dialog's limits and words: from the seats assigned to the seats there are, and what each count will charge. */
export function seatsDialogOf(renewal: Renewal) {
  const price = findPlan(renewal.priceId)?.price ?? 0
  return {
    date: formatLongDate(renewal.renewsOn),
    min: Math.max(1, renewal.assigned),
    max: renewal.seats,
    assigned: renewal.assigned,
    initial: renewal.renewalSeats,
    chargeFor: (seats: number) => formatUsd(price * seats),
  }
}

/** The renewal panel, from the machine. */
export function selectRenewal(snapshot: SnapshotFrom<typeof renewalMachine>) {
  const { renewals, error, changing } = snapshot.context
  const dialogOpen = snapshot.matches({ ready: 'seats' })
  const idle = snapshot.matches({ ready: 'idle' })
  return {
    loading: snapshot.matches('loading'),
    loadError: snapshot.matches('failed') ? error : null,
    shown: snapshot.matches('ready'),
    cards: renewals.map(renewalCard),
    // A failed switch says why above the cards; the dialog says its own.
    error: idle ? error : null,
    // The subscription whose switch waits for its answer: its card shows progress.
    switching: snapshot.matches({ ready: 'switching' }) ? (snapshot.context.switching?.subscriptionId ?? null) : null,
    canChange: idle,
    dialog: dialogOpen && changing ? { ...seatsDialogOf(changing), sending: snapshot.matches({ ready: { seats: 'sending' } }), error } : null,
  }
}
