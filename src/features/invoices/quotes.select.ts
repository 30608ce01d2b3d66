import type { SnapshotFrom } from 'xstate'
import { invoiceDaysToPay, quoteValidDays, type Quote } from '@/common/billing-contract'
import { formatLongDate, formatUsd } from '@/common/format'
import { findPlan } from '@/common/plans'
import type { quotesMachine } from '@/machines/quotes.machine'
import { invoiceOrderedView, seatsWorkNow } from '@/src/ui/invoice-ordered'

const statusWords: Record<Quote['status'], string> = { open: 'Open', accepted: 'Accepted', expired: 'Expired' }

/** What a quote is for: the plan and its seats, as a sentence's subject. */
export const quotedSeats = (quote: Pick<Quote, 'priceId' | 'quantity'>) =>
  `${findPlan(quote.priceId)?.name ?? quote.priceId} for ${quote.quantity} ${quote.quantity === 1 ? 'developer' : 'developers'}`

/** A quote as its row shows it. */
export function quoteRow(quote: Quote, downloading: boolean) {
  return {
    id: quote.id,
    number: quote.number,
    seats: quotedSeats(quote),
    total: formatUsd(quote.total),
    poNumber: quote.poNumber || '—',
    validUntil: formatLongDate(quote.expiresAt),
    status: statusWords[quote.status],
    acceptable: quote.status === 'open',
    downloading,
    quote,
  }
}
export type QuoteRow = ReturnType<typeof quoteRow>

/** The terms a quote is asked for and accepted on. */
export const quoteTerms = `A quote is valid for ${quoteValidDays} days. Accepted, it is invoiced at once and payable by bank transfer within ${invoiceDaysToPay} days.`

/** The Quotes section of Invoices and company, from the machine. */
export function selectQuotes(snapshot: SnapshotFrom<typeof quotesMachine>) {
  const { quotes, picked, order, error, taxIdError, notice } = snapshot.context
  const requesting = snapshot.matches({ listed: 'requesting' })
  const accepting = snapshot.matches({ listed: 'accepting' })
  const downloading = snapshot.matches({ listed: 'downloading' })
  return {
    loading: snapshot.matches('loading'),
    loadError: snapshot.matches('failed') ? error : null,
    shown: snapshot.matches('listed'),
    rows: quotes.map((quote) => quoteRow(quote, downloading && picked?.id === quote.id)),
    notice,
    // A failed download is said above the list; a dialog's failure in its dialog.
    listError: snapshot.matches({ listed: 'idle' }) ? error : null,
    request: {
      opened: requesting,
      view: { terms: quoteTerms, error: requesting ? error : null, taxIdError, ordering: snapshot.matches({ listed: { requesting: 'sending' } }) },
    },
    accept: {
      opened: accepting,
      quote: picked,
      sending: snapshot.matches({ listed: { accepting: 'sending' } }),
      error: accepting ? error : null,
      accepted: snapshot.matches({ listed: { accepting: 'accepted' } }) && order && picked ? invoiceOrderedView(order, seatsWorkNow(picked.quantity)) : null,
    },
  }
}
export type QuotesView = ReturnType<typeof selectQuotes>
