import type { InvoiceOrder } from '@/common/billing-contract'
import { formatLongDate, formatUsd } from '@/common/format'

/** The invoice an order by invoice was sent, as its dialog says it: number, PDF, and what is due by when. */
export const invoiceOrderedView = (order: InvoiceOrder, seats: string) => ({
  number: order.invoice.number,
  pdfUrl: order.invoice.pdfUrl,
  summary: `Invoice ${order.invoice.number} for ${formatUsd(order.invoice.total)} is due by ${formatLongDate(order.invoice.dueDate)}.`,
  seats,
})

/** What seats bought by invoice can do at once, said after an order or an accepted quote. */
export const seatsWorkNow = (quantity: number) =>
  `Your ${quantity === 1 ? 'license works' : `${quantity} licenses work`} now: assign them under Manage Licenses. The invoice has the bank-transfer details and your PO number.`
