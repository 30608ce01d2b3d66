import type Stripe from 'stripe'
import type { Ctx } from './context'
import { newId } from './objects/ids'
import { errors, mergeMetadata, read, type Params } from './protocol'
import { insert, mustLoad, save } from './store'

/**
 * A customer's balance, as Stripe keeps it: a credit (negative) or a debt (positive) that the next
 * invoice finalised takes up, and the transactions that move it.
 */

/** The balance taken up by an invoice being finalised: a credit lowers what is due, a debt adds to it; the rest stays. */
export function applyBalance(invoice: Stripe.Invoice, customer: Stripe.Customer) {
  const balance = customer.balance
  invoice.starting_balance = balance
  if (balance !== 0 && invoice.total > 0) {
    const due = Math.max(0, invoice.total + balance)
    invoice.amount_due = due
    invoice.amount_remaining = due
    customer.balance = balance + invoice.total - due
  }
  invoice.ending_balance = customer.balance
}

/** POST /v1/customers/:id/balance_transactions: an adjustment of the balance (`amount` in cents, negative for a credit). */
export async function adjustBalance(ctx: Ctx, customerId: string, params: Params, now: (customer: Stripe.Customer) => Promise<number>): Promise<Stripe.CustomerBalanceTransaction> {
  const amount = read.integer(params, 'amount', { required: true })!
  read.oneOf(params, 'currency', ['usd'], { required: true })
  if (amount === 0) throw errors.invalid('amount', 'Invalid integer: amount must not be zero.')
  const customer = (await mustLoad<Stripe.Customer>(ctx.q, 'customer', customerId, { lock: true })).data
  customer.balance += amount
  await save(ctx.q, customer)
  const transaction: Stripe.CustomerBalanceTransaction = {
    id: newId('cbtxn'),
    object: 'customer_balance_transaction',
    amount,
    checkout_session: null,
    created: await now(customer),
    credit_note: null,
    currency: 'usd',
    customer: customer.id,
    customer_account: null,
    description: read.string(params, 'description') ?? null,
    ending_balance: customer.balance,
    invoice: null,
    livemode: false,
    metadata: mergeMetadata({}, read.metadata(params)),
    type: 'adjustment',
  }
  await insert(ctx.q, transaction, { customer: customer.id })
  return transaction
}
