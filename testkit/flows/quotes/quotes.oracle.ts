import type { EventObject } from 'xstate'
import { answerOf, shownMessage, toldOnAnswer, type Expected, type Oracle } from '@/testkit/model/oracle'

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

/** Issue 49's limits on what a quote is asked for, as the order by invoice has them: sent only when all hold. */
const paidPlans = ['commercial', 'commercial-plus']
const poNumberLimit = 140
const controlCharacter = /\p{Cc}/u
const filled = (text: string | undefined) => (text ?? '').trim() !== ''

/** Whether a request would be sent: a paid plan, whole seats from one, the company's name, address, city and a listed country, a PO number of at most 140 characters without control characters. */
export function sendsQuoteRequest(priceId: string, quantity: number, draft: Record<string, string>): boolean {
  const po = draft.poNumber ?? ''
  return (
    paidPlans.includes(priceId) &&
    Number.isInteger(quantity) &&
    quantity >= 1 &&
    filled(draft.legalName) &&
    filled(draft.line1) &&
    filled(draft.city) &&
    /^[A-Z]{2}$/.test(draft.country ?? '') &&
    !controlCharacter.test(po) &&
    po.trim().length <= poNumberLimit
  )
}

const at = 'quotes'
const idle = `${at}.listed.idle`
const awaitedIn = {
  loadQuotes: `${at}.loading`,
  requestQuote: `${at}.listed.requesting.sending`,
  acceptQuote: `${at}.listed.accepting.sending`,
  downloadQuotePdf: `${at}.listed.downloading`,
}
/** A request or an acceptance out: its dialog cannot be closed under it. */
const busy = [awaitedIn.requestQuote, awaitedIn.acceptQuote]

type Now = Expected<QuotesHeld>

/**
 * Issue 49's quotes on Invoices and company: the list loads (a failure says so, with Try again);
 * 'Request quote' asks for a plan, seats, the company details and a PO number, sent only as the
 * order by invoice's limits take them and once (the button shows progress, the dialog stays), the
 * new quote heads the list with a notice; an open quote may be accepted (an expired or accepted one
 * offers no Accept), confirmed first: accepted, it shows 'Awaiting payment' with the invoice, the
 * quote is listed as accepted and the session learns the account's new standing; a refusal (expired
 * meanwhile, accepted already: 409 in words) stays in the dialog. A quote's PDF is fetched on
 * demand; its failure is said above the list. A refused tax ID is said beside its field.
 */
export const quotesOracle: Oracle<object, QuotesHeld> = {
  start: () => ({ state: `${at}.loading`, held: { quotes: [], picked: null, order: null, error: null, taxIdError: null, notice: null } }),
  after: (now, event) => {
    const to = (state: string, changes: Partial<QuotesHeld> = {}): Now => ({ state, held: { ...now.held, ...changes } })
    const answer = answerOf(event, now.state, awaitedIn)
    if (answer) return answer.awaited ? answered(now, answer, to) : now
    // The quote picked is the one listed under its id (the list says where it stands now).
    const named = (event as EventObject & { quote?: QuoteWords }).quote
    const quote = named && (now.held.quotes.find((listed) => listed.id === named.id) ?? named)
    if (event.type === 'dialog.close' && /^quotes\.listed\.(requesting|accepting)\./.test(now.state as string) && !busy.includes(now.state as string)) return to(idle, { error: null })
    switch (`${now.state} ${event.type}`) {
      case `${at}.failed quotes.reload`:
        return to(`${at}.loading`, { error: null })
      case `${idle} request.open`:
        return to(`${at}.listed.requesting.editing`, { error: null, taxIdError: null, notice: null, order: null })
      case `${idle} accept.request`:
        return quote?.status === 'open' ? to(`${at}.listed.accepting.confirming`, { picked: quote, error: null, notice: null, order: null }) : now
      case `${idle} pdf.download`:
        return to(`${at}.listed.downloading`, { picked: quote ?? null, error: null, notice: null, order: null })
      case `${at}.listed.requesting.editing request.submit`: {
        const { priceId, quantity, draft } = event as EventObject & { priceId: string; quantity: number; draft: Record<string, string> }
        return sendsQuoteRequest(priceId, quantity, draft) ? to(`${at}.listed.requesting.sending`, { error: null, taxIdError: null }) : now
      }
      case `${at}.listed.accepting.confirming accept.confirm`:
        return to(`${at}.listed.accepting.sending`, { error: null })
      default:
        return now
    }
  },
  // Accepted, the account's new standing (its license type, its billing) reaches the session.
  tells: (now, event) => toldOnAnswer(event, now.state, awaitedIn, 'acceptQuote', (order) => [{ to: 'session', event: { type: 'account.changed', account: (order as OrderWords).account } }]),
}

type Answered = { actor: string; done: boolean; output?: unknown; error?: unknown }

function answered(now: Now, answer: Answered, to: (state: string, changes?: Partial<QuotesHeld>) => Now): Now {
  const { quotes, picked } = now.held
  switch (`${answer.actor} ${answer.done ? 'done' : 'failed'}`) {
    case 'loadQuotes done':
      return to(idle, { quotes: answer.output as QuoteWords[] })
    case 'loadQuotes failed':
      return to(`${at}.failed`, { error: shownMessage(answer.error) })
    // The new quote heads the list, once (the same quote answered again is not listed twice).
    case 'requestQuote done': {
      const quote = answer.output as QuoteWords
      return to(idle, { quotes: [quote, ...quotes.filter((listed) => listed.id !== quote.id)], notice: `Quote ${quote.number} is ready.` })
    }
    case 'requestQuote failed':
      return (answer.error as { field?: string }).field === 'taxId'
        ? to(`${at}.listed.requesting.editing`, { taxIdError: shownMessage(answer.error) })
        : to(`${at}.listed.requesting.editing`, { error: shownMessage(answer.error) })
    case 'acceptQuote done':
      return to(`${at}.listed.accepting.accepted`, {
        order: answer.output as OrderWords,
        quotes: quotes.map((listed) => (listed.id === picked?.id ? { ...listed, status: 'accepted' } : listed)),
      })
    case 'acceptQuote failed':
      return to(`${at}.listed.accepting.confirming`, { error: shownMessage(answer.error) })
    case 'downloadQuotePdf done':
      return to(idle)
    case 'downloadQuotePdf failed':
      return to(idle, { error: shownMessage(answer.error) })
    default:
      return now
  }
}
