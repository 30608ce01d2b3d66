import type { SnapshotFrom } from 'xstate'
import type { Invoice } from '@/common/billing-contract'
import { draftOf } from '@/common/company-draft'
import { formatLongDate } from '@/common/format'
import type { invoicesMachine } from '@/machines/invoices.machine'

const statusWords: Record<Invoice['status'], string> = { paid: 'Paid', open: 'Open', void: 'Void', uncollectible: 'Uncollectible' }

/** An invoice as its row shows it. */
export function invoiceRow(invoice: Invoice) {
  const amount = new Intl.NumberFormat('en-US', { style: 'currency', currency: invoice.currency }).format(invoice.total / 100)
  return { id: invoice.id, number: invoice.number, date: formatLongDate(invoice.date), total: amount, status: statusWords[invoice.status], pdfUrl: invoice.pdfUrl }
}
export type InvoiceRow = ReturnType<typeof invoiceRow>

/** The invoices and company page, from the machine. */
export function selectInvoices(snapshot: SnapshotFrom<typeof invoicesMachine>) {
  const { invoices, company, error, taxIdError, saved } = snapshot.context
  const shown = snapshot.matches('editing') || snapshot.matches('saving')
  return {
    loading: snapshot.matches('loading'),
    loadError: snapshot.matches('failed') ? error : null,
    shown,
    rows: invoices.map(invoiceRow),
    // The form starts from what is saved, and again after a save.
    initialDraft: company ? draftOf(company) : null,
    saving: snapshot.matches('saving'),
    saved,
    error: shown ? error : null,
    taxIdError,
  }
}
