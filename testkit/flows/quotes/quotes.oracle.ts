import type { EventObject } from 'xstate'
import { acceptedOrder } from '@/testkit/flows/invoice-order/invoice-order.oracle'
import { answerOf, shownMessage, onAnswer, type Expected, type Oracle, type Relation } from '@/testkit/model/oracle'

/** A quote as the person reads it in the list: its id, number, what it is for, its total and PO number, until when, and its standing. */
export interface QuoteWords {
  id: string
  number: string
  priceId: string
  quantity: number
  total: number
  poNumber: string
  expiresAt: string
  status: 'open' | 'accepted' | 'expired'
}

/** What accepting a quote made: the subscription awaiting payment, its invoice, the account as it now is. */
interface OrderWords {
  invoice: { number: string }
  account: object
}

/** What the Quotes section holds: the list, the quote picked to accept or download, what accepting made, and the notices. */
export interface QuotesHeld {
  quotes: QuoteWords[]
  picked: QuoteWords | null
  order: OrderWords | null
  error: string | null
  taxIdError: string | null
  notice: string | null
}

/** Issue 49: a quote is for a paid plan and whole seats from one, with the company details and PO number that pay by invoice takes (its field rules). */
const paidPlans = ['commercial', 'commercial-plus']
const sendsQuoteRequest = (priceId: string, quantity: number, draft: Record<string, string>) =>
  paidPlans.includes(priceId) && Number.isInteger(quantity) && quantity >= 1 && acceptedOrder(draft, priceId, quantity) !== null

/** Where the Quotes section of Invoices and company stands, in issue 49's words. */
const said = {
  loading: 'the quotes loading',
  failed: 'the quotes not loaded, with Try again',
  listed: 'the quotes listed',
  downloading: 'a quote’s PDF being fetched',
  asking: 'a quote being asked for: plan, seats, company details and PO number',
  requesting: 'the request for a quote being sent',
  confirming: 'accepting a quote, asked to confirm',
  accepting: 'the quote being accepted',
  accepted: 'the quote accepted, its invoice awaiting payment',
} as const
const q = 'quotes'
/** The states of machines/quotes.machine.ts that realise each of the oracle's (decision 0061). */
export const relation = {
  [said.loading]: `${q}.loading`,
  [said.failed]: `${q}.failed`,
  [said.listed]: `${q}.listed.idle`,
  [said.downloading]: `${q}.listed.downloading`,
  [said.asking]: `${q}.listed.requesting.editing`,
  [said.requesting]: `${q}.listed.requesting.sending`,
  [said.confirming]: `${q}.listed.accepting.confirming`,
  [said.accepting]: `${q}.listed.accepting.sending`,
  [said.accepted]: `${q}.listed.accepting.accepted`,
} satisfies Relation
const awaitedIn = {
  loadQuotes: said.loading,
  requestQuote: said.requesting,
  acceptQuote: said.accepting,
  downloadQuotePdf: said.downloading,
}
/** The dialogs that close on Cancel or Done; one whose request or acceptance is out cannot be closed under it. */
const closable: string[] = [said.asking, said.confirming, said.accepted]

type Now = Expected<QuotesHeld>

/** A quote's PDF, once fetched, is saved by the browser (an effect: decision 0076). */
export const savesPdf = (quoteNumber: string) => `the quote ${quoteNumber} saved as a PDF`

/**
 * Issue 49's quotes on Invoices and company: the list loads (a failure says so, with Try again);
 * 'Request quote' asks for a plan, seats, the company details and a PO number, sent only as pay
 * by invoice's field rules take them and once (the button shows progress, the dialog stays), the
 * new quote heads the list with a notice; an open quote may be accepted (an expired or accepted one
 * offers no Accept), confirmed first: accepted, it shows 'Awaiting payment' with the invoice, the
 * quote is listed as accepted and the session learns the account's new standing; a refusal (expired
 * meanwhile, accepted already: 409 in words) stays in the dialog. A quote's PDF is fetched on
 * demand; its failure is said above the list. A refused tax ID is said beside its field.
 */
export const quotesOracle: Oracle<object, QuotesHeld> = {
  relation,
  start: () => ({ state: said.loading, held: { quotes: [], picked: null, order: null, error: null, taxIdError: null, notice: null } }),
  after: (now, event) => {
    const to = (state: string, changes: Partial<QuotesHeld> = {}): Now => ({ state, held: { ...now.held, ...changes } })
    const answer = answerOf(event, now.state, awaitedIn)
    if (answer) return answer.awaited ? answered(now, answer, to) : now
    // The quote picked is the one listed under its id (the list says where it stands now).
    const named = (event as EventObject & { quote?: QuoteWords }).quote
    const quote = named && (now.held.quotes.find((listed) => listed.id === named.id) ?? named)
    if (event.type === 'dialog.close' && closable.includes(now.state)) return to(said.listed, { error: null })
    switch (`${now.state} ${event.type}`) {
      case `${said.failed} quotes.reload`:
        return to(said.loading, { error: null })
      case `${said.listed} request.open`:
        return to(said.asking, { error: null, taxIdError: null, notice: null, order: null })
      case `${said.listed} accept.request`:
        return quote?.status === 'open' ? to(said.confirming, { picked: quote, error: null, notice: null, order: null }) : now
      case `${said.listed} pdf.download`:
        return to(said.downloading, { picked: quote ?? null, error: null, notice: null, order: null })
      case `${said.asking} request.submit`: {
        const { priceId, quantity, draft } = event as EventObject & { priceId: string; quantity: number; draft: Record<string, string> }
        return sendsQuoteRequest(priceId, quantity, draft) ? to(said.requesting, { error: null, taxIdError: null }) : now
      }
      case `${said.confirming} accept.confirm`:
        return to(said.accepting, { error: null })
      default:
        return now
    }
  },
  // Accepted, the account's new standing (its license type, its billing) reaches the session.
  tells: (now, event) => onAnswer(event, now.state, awaitedIn, 'acceptQuote', (order) => [{ to: 'session', event: { type: 'account.changed', account: (order as OrderWords).account } }]),
  effects: (now, event) => onAnswer(event, now.state, awaitedIn, 'downloadQuotePdf', () => (now.held.picked ? [savesPdf(now.held.picked.number)] : [])),
}

type Answered = { actor: string; done: boolean; output?: unknown; error?: unknown }

function answered(now: Now, answer: Answered, to: (state: string, changes?: Partial<QuotesHeld>) => Now): Now {
  const { quotes, picked } = now.held
  switch (`${answer.actor} ${answer.done ? 'done' : 'failed'}`) {
    case 'loadQuotes done':
      return to(said.listed, { quotes: answer.output as QuoteWords[] })
    case 'loadQuotes failed':
      return to(said.failed, { error: shownMessage(answer.error) })
    // The new quote heads the list, once (the same quote answered again is not listed twice).
    case 'requestQuote done': {
      const quote = answer.output as QuoteWords
      return to(said.listed, { quotes: [quote, ...quotes.filter((listed) => listed.id !== quote.id)], notice: `Quote ${quote.number} is ready.` })
    }
    case 'requestQuote failed':
      return (answer.error as { field?: string }).field === 'taxId' ? to(said.asking, { taxIdError: shownMessage(answer.error) }) : to(said.asking, { error: shownMessage(answer.error) })
    case 'acceptQuote done':
      return to(said.accepted, {
        order: answer.output as OrderWords,
        quotes: quotes.map((listed) => (listed.id === picked?.id ? { ...listed, status: 'accepted' } : listed)),
      })
    case 'acceptQuote failed':
      return to(said.confirming, { error: shownMessage(answer.error) })
    case 'downloadQuotePdf done':
      return to(said.listed)
    case 'downloadQuotePdf failed':
      return to(said.listed, { error: shownMessage(answer.error) })
    default:
      return now
  }
}
