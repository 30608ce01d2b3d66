/** What the Quotes section of Invoices and company shows in each state of the quotes machine, written from issue 49's rules. */
import type { QuotesHeld, QuoteWords } from './quotes.oracle'
import { orderForm } from '@/testkit/flows/invoice-order/invoice-order.view-table'
import type { StateView, ViewTable } from '@/testkit/views/view-table'

const request = 'Request quote'
/** The section's button that opens the dialog of that name. */
const requestA = 'Request a quote'
const accept = 'Accept quote'
const plans: Record<string, string> = { commercial: 'Commercial', 'commercial-plus': 'Commercial Plus' }
const usd = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`
const longDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })
const status: Record<QuoteWords['status'], string> = { open: 'Open', accepted: 'Accepted', expired: 'Expired' }

/** A quote's row: its number, what it is for, its total, PO number, 'Valid until' date and standing; its PDF; Accept while it is open. */
const seats = (quote: QuoteWords) => `${plans[quote.priceId]} for ${quote.quantity} ${quote.quantity === 1 ? 'developer' : 'developers'}`
const rowTexts = (quote: QuoteWords) => [quote.number, seats(quote), usd(quote.total), quote.poNumber || '—', longDate(quote.expiresAt), status[quote.status]]
const pdf = (quote: QuoteWords) => `Download quote ${quote.number} (PDF)`
const acceptOne = (quote: QuoteWords) => `Accept quote ${quote.number}`

/** The list as it stands: each quote's row, its PDF, and Accept only for an open quote. */
function list({ quotes }: QuotesHeld, pressable: boolean): StateView {
  const open = quotes.filter((quote) => quote.status === 'open')
  return {
    shows: quotes.length ? ['Valid until', ...quotes.flatMap(rowTexts)] : ['No quotes yet.'],
    ...(pressable ? { enabled: [requestA, ...quotes.map(pdf), ...open.map(acceptOne)] } : {}),
    absent: quotes.filter((quote) => quote.status !== 'open').map(acceptOne),
  }
}

const awaiting = (held: QuotesHeld) => ['Awaiting payment', `Invoice ${held.order?.invoice.number ?? ''} for $1,495.00 is due by March 31, 2027.`]

export const quotesViewTable: ViewTable<QuotesHeld> = {
  'quotes.loading': { shows: ['Quotes'], absent: [requestA, 'Try again'], dialogs: [], alerts: [] },
  'quotes.failed': (_, { error }) => ({ alerts: [`Your quotes could not be loaded${error}Try again`], enabled: ['Try again'], absent: [requestA], dialogs: [] }),
  'quotes.listed.idle': (_, held) => {
    const shown = list(held, true)
    // A PDF that could not be fetched is said above the list.
    return { ...shown, shows: [...shown.shows!, ...(held.notice ? [held.notice] : [])], dialogs: [], alerts: held.error ? [`The quote's PDF could not be downloaded${held.error}`] : [] }
  },
  // The PDF is on its way: its button shows progress.
  'quotes.listed.downloading': (_, held) => ({ ...list(held, false), busy: [pdf(held.picked!)], dialogs: [], alerts: [] }),
  'quotes.listed.requesting.editing': (sent, held) => ({
    dialogs: [requestA],
    shows: held.taxIdError ? [held.taxIdError] : [],
    fields: orderForm(sent, { open: 'request.open', submit: 'request.submit' }),
    enabled: [request, 'Cancel'],
    alerts: held.error ? [held.error] : [],
  }),
  // One request at a time: the button shows progress, the dialog stays with what was typed.
  'quotes.listed.requesting.sending': (sent) => ({ dialogs: [requestA], fields: orderForm(sent, { open: 'request.open', submit: 'request.submit' }), disabled: [request, 'Cancel'], alerts: [] }),
  'quotes.listed.accepting.confirming': (_, { picked, error }) => ({
    dialogs: [accept],
    shows: [`Accepting quote ${picked!.number} starts ${seats(picked!)}, invoiced now and payable by bank transfer within 30 days.`],
    enabled: [accept, 'Cancel'],
    alerts: error ? [error] : [],
  }),
  'quotes.listed.accepting.sending': { dialogs: [accept], disabled: [accept, 'Cancel'], alerts: [] },
  'quotes.listed.accepting.accepted': (_, held) => ({ dialogs: [accept], shows: awaiting(held), enabled: ['Done'], absent: [accept], alerts: [] }),
}
