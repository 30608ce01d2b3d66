import type { InvoiceOrder } from '@/common/billing-contract'
import { formatLongDate, formatUsd } from '@/common/format'

/** The invoice an order by invoice was sent, as its dialog says it: number, PDF, and what is due by when. */
export const invoiceOrderedView = (order: InvoiceOrder, seats: string) => ({
  number: order.invoice.number,
  pdfUrl: order.invoice.pdfUrl,
  summary: `Invoice ${order.invoice.number} for ${formatUsd(order.invoice.total)} is due by ${formatLongDate(order.invoice.dueDate)}.`,
  seats,
})
