import { apiRoutes } from '@/common/api-paths'
import { invoiceOrderRequestSchema } from '@/common/billing-contract'
import type { Database } from '../db/database'
import { findAccountRow, toAccount } from '../licensing/account-store'
import { ensureCustomer } from '../licensing/billing-account'
import { checkInvoiceOrder, subscriptionsHad } from '../licensing/invoice-order-rules'
import type { StripeGateway } from '../payments/gateway'
import { syncSubscription } from '../payments/subscription-sync'
import { changeKey } from './change-key'
import { caller, idempotencyKey, resource, stripeFor } from './context'
import { jsonBody } from './json-body'
import { allow } from './permissions'

/**
 * /api/stripe/invoice-orders (issue 49): seats paid by bank transfer against an invoice. The
 * company details go on the customer first (a tax ID Stripe refuses stops the order, 422 beside the
 * field), then the subscription is made, sent its invoice, and recorded at once: its seats are
 * assignable before the webhook tells of it.
 */
export function invoiceOrderRoutes(db: Database, gateway: StripeGateway) {
  return resource().post(apiRoutes.payByInvoice.route, allow('billing'), jsonBody(invoiceOrderRequestSchema), async (c) => {
    const order = c.req.valid('json')
    const oid = caller(c).oid
    const stripe = stripeFor(c, gateway)
    const account = await findAccountRow(db, oid)
    checkInvoiceOrder(account, order.priceId)
    const customerId = await ensureCustomer(db, account, stripe.findOrCreateCustomer)
    await stripe.saveCompanyDetails(customerId, order.company, changeKey(c, 'company', customerId))
    const key = idempotencyKey(c, 'invoice-order', { order, had: await subscriptionsHad(db, oid) })
    const placed = await stripe.createInvoiceSubscription({ customerId, accountOid: oid, priceId: order.priceId, quantity: order.quantity, poNumber: order.poNumber, idempotencyKey: key })
    await syncSubscription(db, stripe, placed.subscriptionId, { context: { route: 'invoice-order' } })
    return c.json({ ...placed, account: toAccount(await findAccountRow(db, oid)) })
  })
}
