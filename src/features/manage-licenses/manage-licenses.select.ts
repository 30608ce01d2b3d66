import type { SnapshotFrom } from 'xstate'
import type { manageLicensesMachine } from '@/machines/manage-licenses.machine'
import { invoiceDaysToPay } from '@/common/billing-contract'
import { formatUsd } from '@/common/format'
import { invoiceOrderedView } from '@/src/ui/invoice-ordered'
import { may } from '@/common/roles'

type Snapshot = SnapshotFrom<typeof manageLicensesMachine>

export type ManageDialog = 'assign' | 'bulk' | 'unassign' | 'purchase' | 'upgrade' | null

function dialogOf(snapshot: Snapshot): ManageDialog {
  if (snapshot.matches({ ready: { assign: 'bulk' } })) return 'bulk'
  if (snapshot.matches({ ready: 'assign' })) return 'assign'
  if (snapshot.matches({ ready: 'unassign' })) return 'unassign'
  if (snapshot.matches({ ready: 'purchase' })) return 'purchase'
  if (snapshot.matches({ ready: 'upgrade' })) return 'upgrade'
  return null
}

/** The page: tiles, table, header button and notice (spec section 2). */
export function selectManageLicenses(snapshot: Snapshot) {
  const { stats, assigned, error, notice, role } = snapshot.context
  const ready = snapshot.matches('ready')
  const priceId = stats?.priceId ?? null
  // What the role allows (issue 30): seats are the owners' and seat managers', buying the owners' and billing managers'.
  const seats = may(role, 'seats')
  const billing = may(role, 'billing')
  // The header button follows the seats (spec section 2) and the role; it is enabled while no dialog is open.
  const headerAction = !stats || !priceId ? null : stats.available > 0 ? (seats ? ('assign' as const) : null) : priceId !== 'community' && billing ? ('purchase' as const) : null
  const canUpgrade = ready && billing && priceId !== null && snapshot.context.upgradePaths[priceId].length > 0
  return {
    loading: snapshot.matches('loading') || snapshot.matches('checkingOut'),
    failed: snapshot.matches('failed'),
    error: snapshot.matches('failed') ? error : null,
    /** Tiles, table and activity only once both loads are done: never an earlier or half-finished load under a failure. */
    showsLicenses: ready,
    /** The table of assigned seats and their activity: not a billing manager's. */
    showsSeats: ready && seats,
    stats,
    assigned,
    notice,
    headerAction: ready ? headerAction : null,
    headerEnabled: snapshot.can({ type: 'assign.open' }) || snapshot.can({ type: 'purchase.open' }),
    /** The 'Upgrade' badge shows only for Community (spec section 2). */
    upgradeBadge: canUpgrade && priceId === 'community',
    /** Commercial reaches the same wizard from its subscription tile. */
    upgradeTileAction: canUpgrade && priceId !== 'community',
    canOpenUpgrade: snapshot.can({ type: 'upgrade.open' }),
    canUnassign: snapshot.matches({ ready: 'none' }),
    dialog: dialogOf(snapshot),
  }
}

export function selectAssignDialog(snapshot: Snapshot) {
  return {
    submitting: snapshot.matches({ ready: { assign: { single: 'submitting' } } }),
    error: snapshot.context.error,
  }
}

export function selectBulkDialog(snapshot: Snapshot) {
  const { bulkLines, bulkResults } = snapshot.context
  return {
    lines: bulkLines.map((line, index) => ({ ...line, result: bulkResults[index] ?? null })),
    sending: snapshot.matches({ ready: { assign: { bulk: 'sending' } } }),
    finished: snapshot.matches({ ready: { assign: { bulk: 'finished' } } }),
    canSubmit: snapshot.can({ type: 'bulk.submit' }),
    canEdit: snapshot.matches({ ready: { assign: { bulk: 'editing' } } }),
    assignedCount: bulkResults.filter((result) => result.status === 'assigned').length,
  }
}

export function selectUnassignDialog(snapshot: Snapshot) {
  return {
    license: snapshot.context.unassigning,
    removing: snapshot.matches({ ready: { unassign: 'removing' } }),
    error: snapshot.context.error,
  }
}

export function selectPurchaseDialog(snapshot: Snapshot) {
  const { stats, plans, seats, error } = snapshot.context
  const plan = plans.find((candidate) => candidate.priceId === stats?.priceId)
  return {
    planName: plan?.name ?? '',
    seats,
    pricePerSeat: plan ? formatUsd(plan.price) : '',
    total: plan ? formatUsd(plan.price * seats) : '',
    redirecting: snapshot.matches({ ready: { purchase: 'redirecting' } }) || snapshot.matches('checkingOut'),
    error,
    invoice: selectInvoicedSeats(snapshot),
  }
}

/** Buy Additional Licenses by invoice (issue 49): the form's terms and notices, then the invoice sent; null while the seats are being chosen. */
function selectInvoicedSeats(snapshot: Snapshot) {
  const { stats, plans, seats, error, taxIdError, invoiceOrder } = snapshot.context
  const ordering = snapshot.matches({ ready: { purchase: 'ordering' } })
  const ordered = snapshot.matches({ ready: { purchase: 'ordered' } })
  if (!ordering && !ordered && !snapshot.matches({ ready: { purchase: 'invoicing' } })) return null
  const plan = plans.find((candidate) => candidate.priceId === stats?.priceId)
  const licenses = `${seats} additional ${plan?.name ?? ''} ${seats === 1 ? 'license' : 'licenses'}`
  return {
    form: {
      terms: `${licenses}: ${formatUsd((plan?.price ?? 0) * seats)} per year, prorated to your subscription's renewal date, invoiced now and payable by bank transfer within ${invoiceDaysToPay} days.`,
      error,
      taxIdError,
      ordering,
    },
    ordered:
      ordered && invoiceOrder
        ? invoiceOrderedView(
            invoiceOrder,
            `The ${seats === 1 ? 'license works' : `${seats} licenses work`} now: assign ${seats === 1 ? 'it' : 'them'} here. The invoice has the bank-transfer details and your PO number.`,
          )
        : null,
  }
}
