import { apiRoutes } from '@/common/api-paths'
import type { Context } from 'hono'
import { invoiceOrderRequestSchema, type InvoiceOrder, type InvoiceOrderRequest } from '@/common/billing-contract'
import type { Database } from '../db/database'
import { findAccountRow, toAccount, type AccountRow } from '../licensing/account-store'
import { ensureCustomer } from '../licensing/billing-account'
import { checkInvoiceOrder, subscriptionsHad } from '../licensing/invoice-order-rules'
import { addInvoicedSeats } from '../payments/change-subscription'
import type { StripeGateway } from '../payments/gateway'
import { syncSubscription } from '../payments/subscription-sync'
import { endCarriedTrials } from '../payments/trial-carry-over'
import { changeKey } from './change-key'
import { caller, idempotencyKey, resource, stripeFor, type Env } from './context'
import { jsonBody } from './json-body'
import { allow } from './permissions'

/** The caller's account, once it may order this plan by invoice (a refusal otherwise, before any call to Stripe). */
export async function orderingAccount(c: Context<Env>, db: Database, order: InvoiceOrderRequest) {
  const account = await findAccountRow(db, caller(c).oid)
  checkInvoiceOrder(account, order.priceId)
  return account
}

/** For an account `orderingAccount` let order, the company details saved on its customer: the customer's id (a quote's request too). */
export async function invoicedCustomer(c: Context<Env>, db: Database, gateway: StripeGateway, account: AccountRow, order: InvoiceOrderRequest) {
  const stripe = stripeFor(c, gateway)
  const customerId = await ensureCustomer(db, account, stripe.findOrCreateCustomer)
  await stripe.saveCompanyDetails(customerId, order.company, changeKey(c, 'company', customerId))
  return customerId
}

/** An order's answer: the subscription and its invoice, and the account as it now is (its license type, its billing). */
export const orderAnswer = async (c: Context<Env>, db: Database, placed: Omit<InvoiceOrder, 'account'>) => c.json({ ...placed, account: toAccount(await findAccountRow(db, caller(c).oid)) })

/**
 * /api/stripe/invoice-orders (issue 49): seats paid by bank transfer against an invoice. The
 * company details go on the customer first (a tax ID Stripe refuses stops the order, 422 beside the
 * field), then the subscription is made, sent its invoice, and recorded at once: its seats are
 * assignable before the webhook tells of it.
 */
export function invoiceOrderRoutes(db: Database, gateway: StripeGateway) {
  const prepare = (c: Context<Env>, account: AccountRow, order: InvoiceOrderRequest) => invoicedCustomer(c, db, gateway, account, order)

  /** A subscription of its own for the order, sent its invoice and recorded at once. */
  async function newSubscription(c: Context<Env>, order: InvoiceOrderRequest, customerId: string, had: number) {
    const oid = caller(c).oid
    const key = idempotencyKey(c, 'invoice-order', { order, had })
    const stripe = stripeFor(c, gateway)
    const placed = await stripe.createInvoiceSubscription({ customerId, accountOid: oid, priceId: order.priceId, quantity: order.quantity, poNumber: order.poNumber, idempotencyKey: key })
    // A trial the account had ends once the seats bought are recorded (main's trial carry-over).
    if ((await syncSubscription(db, stripe, placed.subscriptionId, { context: { route: 'invoice-order' } })) === 'created') await endCarriedTrials(db, stripe, placed.subscriptionId)
    return placed
  }

  const answer = (c: Context<Env>, placed: Omit<InvoiceOrder, 'account'>) => orderAnswer(c, db, placed)

  return resource()
    .post(apiRoutes.payByInvoice.route, allow('billing'), jsonBody(invoiceOrderRequestSchema), async (c) => {
      const order = c.req.valid('json')
      const had = await subscriptionsHad(db, caller(c).oid)
      return answer(c, await newSubscription(c, order, await prepare(c, await orderingAccount(c, db, order), order), had))
    })
    .post(apiRoutes.addSeatsByInvoice.route, allow('billing'), jsonBody(invoiceOrderRequestSchema), async (c) => {
      // Buy Additional Licenses by invoice: on the subscription already collected by invoice, whose
      // invoice for the added seats is sent at once; seats held by card get a subscription of their own (decision 0046).
      const order = c.req.valid('json')
      const had = await subscriptionsHad(db, caller(c).oid)
      // Read first, as `had` is, before the company details' calls: a press whose read waited behind
      // the other's calls (one Stripe slot a person) would see the seats it added and add again.
      // An account without a customer yet has no subscription to add to; an order refused asks nothing.
      const account = await orderingAccount(c, db, order)
      const invoiced = account.stripe_customer_id ? await stripeFor(c, gateway).invoicedSubscriptionOf(account.stripe_customer_id, order.priceId) : null
      const customerId = await prepare(c, account, order)
      if (!invoiced) return answer(c, await newSubscription(c, order, customerId, had))
      // The key names the seats the subscription had in Stripe, from which the new quantity is
      // counted: two presses at once add once, a later order adds again.
      const key = idempotencyKey(c, 'invoice-seats', { order, subscription: invoiced.subscriptionId, from: invoiced.quantity })
      const change = { subscriptionId: invoiced.subscriptionId, itemId: invoiced.itemId, quantity: invoiced.quantity + order.quantity, poNumber: order.poNumber, idempotencyKey: key }
      return answer(c, { subscriptionId: invoiced.subscriptionId, invoice: await addInvoicedSeats(db, stripeFor(c, gateway), change) })
    })
}
