import type { SnapshotFrom } from 'xstate'
import { invoiceDaysToPay } from '@/common/billing-contract'
import { formatUsd } from '@/common/format'
import { findPlan } from '@/common/plans'
import type { invoiceOrderMachine } from '@/machines/invoice-order.machine'
import { invoiceOrderedView, seatsWorkNow } from '@/src/ui/invoice-ordered'

/** What the order-by-invoice dialog shows: the order's terms, the form's notices, and the invoice once ordered. */
export function selectInvoiceOrder(snapshot: SnapshotFrom<typeof invoiceOrderMachine>) {
  const { priceId, quantity, order, error, taxIdError } = snapshot.context
  const plan = priceId ? findPlan(priceId) : undefined
  const seats = `${quantity} ${quantity === 1 ? 'developer' : 'developers'}`
  return {
    opened: !snapshot.matches('closed'),
    ordering: snapshot.matches('ordering'),
    terms: plan ? `${plan.name} for ${seats}: ${formatUsd(plan.price * quantity)} per year, invoiced now and payable by bank transfer within ${invoiceDaysToPay} days.` : '',
    error,
    taxIdError,
    ordered: snapshot.matches('ordered') && order ? invoiceOrderedView(order, seatsWorkNow(quantity)) : null,
  }
}
