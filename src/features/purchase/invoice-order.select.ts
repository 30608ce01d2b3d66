import type { SnapshotFrom } from 'xstate'
import { invoiceDaysToPay } from '@/common/billing-contract'
import { formatLongDate, formatUsd } from '@/common/format'
import { findPlan } from '@/common/plans'
import type { invoiceOrderMachine } from '@/machines/invoice-order.machine'

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
    ordered:
      snapshot.matches('ordered') && order
        ? {
            number: order.invoice.number,
            pdfUrl: order.invoice.pdfUrl,
            summary: `Invoice ${order.invoice.number} for ${formatUsd(order.invoice.total)} is due by ${formatLongDate(order.invoice.dueDate)}.`,
            seats: `Your ${quantity === 1 ? 'license works' : `${quantity} licenses work`} now: assign them under Manage Licenses. The invoice has the bank-transfer details and your PO number.`,
          }
        : null,
  }
}
