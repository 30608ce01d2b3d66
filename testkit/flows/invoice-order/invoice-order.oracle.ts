import type { EventObject } from 'xstate'
import { poNumberLimit, type InvoiceOrder, type InvoiceOrderRequest } from '@/common/billing-contract'
import { countryCodes } from '@/common/countries'
import type { CompanyDraft } from '@/common/company-draft'
import { companyOf } from '@/testkit/form-rules'
import { answerOf, shownMessage, onAnswer, type Expected, type Oracle, type Relation } from '@/testkit/model/oracle'

/** What the order-by-invoice dialog holds: the plan and seats it was opened for, the order sent, the invoice, and the notices. */
export interface InvoiceOrderHeld {
  priceId: string | null
  quantity: number
  request: InvoiceOrderRequest | null
  order: InvoiceOrder | null
  error: string | null
  taxIdError: string | null
}

/** Where pay by invoice stands, in issue 49's words. */
const said = {
  closed: 'pay by invoice closed',
  filling: 'the company details and PO number being filled in',
  ordering: 'the order being placed',
  ordered: 'the invoice awaiting payment shown',
} as const
const at = 'invoiceOrder'
/** The states of machines/invoice-order.machine.ts that realise each of the oracle's (decision 0061). */
export const relation = {
  [said.closed]: `${at}.closed`,
  [said.filling]: `${at}.editing`,
  [said.ordering]: `${at}.ordering`,
  [said.ordered]: `${at}.ordered`,
} satisfies Relation
const awaitedIn = { payByInvoice: said.ordering }
const quiet = { error: null, taxIdError: null } satisfies Partial<InvoiceOrderHeld>
/** Issue 49: a country from the list, as chosen; a PO number of at most 140 characters, trimmed, without control characters (none is ''). */
const listedCountry = (chosen: string) => (countryCodes.includes(chosen) ? chosen : null)
const poNumberOf = (typed: unknown = '') => (typeof typed === 'string' && !/\p{Cc}/u.test(typed) && typed.trim().length <= poNumberLimit ? typed.trim() : null)

/** The order a typed draft makes, as the field rules take it (the limits), or null: nothing is sent. */
export function acceptedOrder(draft: Record<string, string>, priceId: string | null, quantity: number): InvoiceOrderRequest | null {
  const { poNumber: typedPo, ...typed } = draft as unknown as CompanyDraft & { poNumber?: string }
  const [company, poNumber] = [companyOf(typed, listedCountry), poNumberOf(typedPo)]
  return company && poNumber !== null ? ({ priceId, quantity, company, poNumber } as InvoiceOrderRequest) : null
}

/**
 * Issue 49's pay by invoice: opened from the purchase page for its plan and seats; the company
 * details and PO number are sent only as the field rules take them (a PO number of at most 140
 * characters without control characters, a country of the list), once, and held only while out;
 * the answer shows the invoice awaiting payment and tells the session the account's new standing; a
 * refused tax ID is said beside its field, any other failure above the form. Closing forgets nothing
 * but the dialog; opening again starts afresh.
 */
export const invoiceOrderOracle: Oracle<object, InvoiceOrderHeld> = {
  relation,
  start: () => ({ state: said.closed, held: { priceId: null, quantity: 1, request: null, order: null, ...quiet } }),
  after: (now, event) => {
    const to = (state: string, changes: Partial<InvoiceOrderHeld> = {}): Expected<InvoiceOrderHeld> => ({ state, held: { ...now.held, ...changes } })
    const answer = answerOf(event, now.state, awaitedIn)
    if (answer) {
      if (!answer.awaited) return now
      if (answer.done) return to(said.ordered, { order: answer.output as InvoiceOrder, request: null })
      const field = (answer.error as { field?: string }).field
      return field === 'taxId' ? to(said.filling, { taxIdError: shownMessage(answer.error), request: null }) : to(said.filling, { error: shownMessage(answer.error), request: null })
    }
    switch (`${now.state} ${event.type}`) {
      case `${said.closed} dialog.open`: {
        const { priceId, quantity } = event as EventObject & { priceId: string; quantity: number }
        return to(said.filling, { priceId, quantity, request: null, order: null, ...quiet })
      }
      case `${said.filling} dialog.close`:
      case `${said.ordered} dialog.close`:
        return to(said.closed)
      case `${said.filling} order.submit`: {
        const request = acceptedOrder((event as EventObject & { draft: Record<string, string> }).draft, now.held.priceId, now.held.quantity)
        return request ? to(said.ordering, { ...quiet, request }) : now
      }
      default:
        return now
    }
  },
  // Once ordered, the account's new standing (its license type, its billing) reaches the session.
  tells: (now, event) => onAnswer(event, now.state, awaitedIn, 'payByInvoice', (order) => [{ to: 'session', event: { type: 'account.changed', account: (order as InvoiceOrder).account } }]),
}
