import type Stripe from 'stripe'
import { nowFor } from '../billing'
import { adjustBalance } from '../customer-balance'
import { withPdf } from '../invoice-pdf'
import { addInvoiceItem, createDraft, finalizeDraft } from '../manual-invoices'
import { list, mustLoad } from '../store'
import { route, type Route } from './router'

/** Invoices made by hand (a draft, its items, its finalisation) and the customer's balance they take up. */

export const invoiceRoutes: Route[] = [
  route('POST', '/invoices', (ctx, call) => createDraft(ctx, call.params)),
  route('POST', '/invoiceitems', (ctx, call) => addInvoiceItem(ctx, call.params)),
  route('POST', '/invoices/:id/finalize', async (ctx, call) => withPdf(ctx.core, await finalizeDraft(ctx, call.path.id!))),
  route('POST', '/customers/:id/balance_transactions', (ctx, call) => adjustBalance(ctx, call.path.id!, call.params, (customer) => nowFor(ctx.q, customer))),
  route('GET', '/customers/:id/balance_transactions', async (ctx, call) => {
    await mustLoad<Stripe.Customer>(ctx.q, 'customer', call.path.id!)
    return list<Stripe.CustomerBalanceTransaction>(ctx.q, 'customer_balance_transaction', { customer: call.path.id! }, call.page(), `/v1/customers/${call.path.id}/balance_transactions`)
  }),
]
