import { randomBytes } from 'node:crypto'
import type { Database, Queryable } from '../../db/database'
import { findPlan, type PriceId } from '../../../src/content/plans'
import { PaymentDeclinedError, type CompletedCheckout, type PaymentGateway } from '../gateway'

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`
const yearFromNow = () => new Date(Date.now() + 365 * 86_400_000).toISOString()

/** The sandbox's stand-in for Stripe's servers: customers, sessions, cards and subscriptions in the database. */
export function createSandboxGateway(db: Database, origin: string): PaymentGateway {
  return {
    async createCustomer({ accountId, email }) {
      const customerId = id('cus')
      await db.query('insert into sandbox_customers (id, account_oid, email) values ($1, $2, $3)', [customerId, accountId, email])
      return { customerId }
    },
    async createCheckoutSession({ customerId, accountId, priceId, quantity, successUrl, cancelUrl }) {
      const sessionId = id('cs_test')
      await db.query("insert into sandbox_sessions (id, kind, customer_id, account_oid, price_id, quantity, success_url, cancel_url) values ($1, 'checkout', $2, $3, $4, $5, $6, $7)", [
        sessionId,
        customerId,
        accountId,
        priceId,
        quantity,
        successUrl,
        cancelUrl,
      ])
      return { sessionId, url: `${origin}/sandbox/checkout/${sessionId}` }
    },
    async createCustomerPortalSession({ customerId, returnUrl }) {
      const sessionId = id('bps')
      await db.query("insert into sandbox_sessions (id, kind, customer_id, return_url) values ($1, 'portal', $2, $3)", [sessionId, customerId, returnUrl])
      return { url: `${origin}/sandbox/portal/${sessionId}` }
    },
    async createSetupIntent({ customerId }) {
      const intentId = id('seti')
      const clientSecret = `${intentId}_secret_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`
      await db.query("insert into sandbox_sessions (id, kind, customer_id, client_secret) values ($1, 'setup', $2, $3)", [intentId, customerId, clientSecret])
      return { clientSecret }
    },
    async hasDefaultPaymentMethod({ customerId }) {
      const [customer] = await db.query<{ default_payment_method: string | null }>('select default_payment_method from sandbox_customers where id = $1', [customerId])
      return Boolean(customer?.default_payment_method)
    },
    async defaultCard({ customerId }) {
      const [card] = await db.query<{ brand: string; last4: string }>(
        'select methods.brand, methods.last4 from sandbox_customers customers join sandbox_payment_methods methods on methods.id = customers.default_payment_method where customers.id = $1',
        [customerId],
      )
      return card ? { brand: card.brand, last4: card.last4 } : null
    },
    async saveDefaultPaymentMethod({ customerId, paymentMethodId }) {
      const [method] = await db.query<{ customer_id: string | null }>('select customer_id from sandbox_payment_methods where id = $1', [paymentMethodId])
      if (!method || (method.customer_id && method.customer_id !== customerId)) throw new PaymentDeclinedError('No such payment method.', 'resource_missing')
      await db.transaction(async (tx) => {
        await tx.query('update sandbox_payment_methods set customer_id = $2 where id = $1', [paymentMethodId, customerId])
        await tx.query('update sandbox_customers set default_payment_method = $2 where id = $1', [customerId, paymentMethodId])
      })
    },
    async upgradeSubscription({ customerId, subscriptionId, priceId, quantity }) {
      // Only cards that passed their checks are saved, so charging the default one succeeds.
      const [customer] = await db.query<{ default_payment_method: string | null }>('select default_payment_method from sandbox_customers where id = $1', [customerId])
      if (!customer?.default_payment_method) throw new PaymentDeclinedError('There is no payment method on file to charge.', 'payment_method_missing')
      await db.transaction(async (tx) => {
        const updated = await tx.query('update sandbox_subscriptions set price_id = $2, quantity = $3 where id = $1 returning id', [subscriptionId, priceId, quantity])
        if (updated.length === 0) await tx.query('insert into sandbox_subscriptions (id, customer_id, price_id, quantity, current_period_end) values ($1, $2, $3, $4, $5)', [subscriptionId, customerId, priceId, quantity, yearFromNow()])
        await addInvoice(tx, customerId, priceId, quantity, 'upgrade')
      })
    },
  }
}

export async function addInvoice(tx: Queryable, customerId: string, priceId: PriceId, quantity: number, what: string) {
  const plan = findPlan(priceId)!
  await tx.query("insert into sandbox_invoices (id, customer_id, amount, description, status) values ($1, $2, $3, $4, 'paid')", [
    id('in'),
    customerId,
    plan.price * quantity,
    `${quantity} × ${plan.name} (annual, ${what})`,
  ])
}

/** Pays an open checkout session with a card that passed: the purchase, as Stripe reports it. */
export async function completeCheckout(db: Database, sessionId: string, card: { brand: string; last4: string; expMonth: number; expYear: number }): Promise<CompletedCheckout | null> {
  return db.transaction(async (tx) => {
    const [session] = await tx.query<{ customer_id: string; account_oid: string; price_id: PriceId; quantity: number; status: string }>(
      "select customer_id, account_oid, price_id, quantity, status from sandbox_sessions where id = $1 and kind = 'checkout' for update",
      [sessionId],
    )
    if (!session || session.status !== 'open') return null
    // Stripe's Checkout keeps no payment method for a free order (payment_method_collection:
    // 'if_required'): a Community owner has none until the upgrade's payment step adds one.
    if (findPlan(session.price_id)!.price > 0) {
      const methodId = id('pm')
      await tx.query('insert into sandbox_payment_methods (id, customer_id, brand, last4, exp_month, exp_year) values ($1, $2, $3, $4, $5, $6)', [methodId, session.customer_id, card.brand, card.last4, card.expMonth, card.expYear])
      await tx.query('update sandbox_customers set default_payment_method = coalesce(default_payment_method, $2) where id = $1', [session.customer_id, methodId])
    }
    const [existing] = await tx.query<{ id: string; current_period_end: Date }>('select id, current_period_end from sandbox_subscriptions where customer_id = $1', [session.customer_id])
    const subscriptionId = existing?.id ?? id('sub')
    const currentPeriodEnd = existing ? new Date(existing.current_period_end).toISOString() : yearFromNow()
    if (existing) await tx.query('update sandbox_subscriptions set quantity = quantity + $2 where id = $1', [existing.id, session.quantity])
    else await tx.query('insert into sandbox_subscriptions (id, customer_id, price_id, quantity, current_period_end) values ($1, $2, $3, $4, $5)', [subscriptionId, session.customer_id, session.price_id, session.quantity, currentPeriodEnd])
    await addInvoice(tx, session.customer_id, session.price_id, session.quantity, 'purchase')
    await tx.query("update sandbox_sessions set status = 'complete' where id = $1", [sessionId])
    return { sessionId, accountId: session.account_oid, customerId: session.customer_id, subscriptionId, priceId: session.price_id, quantity: session.quantity, currentPeriodEnd }
  })
}

/** A setup intent as Stripe describes it. */
export function setupIntentView(row: { id: string; status: string; payment_method: string | null }) {
  return { id: row.id, object: 'setup_intent', status: row.status === 'complete' ? 'succeeded' : 'requires_payment_method', payment_method: row.payment_method }
}

/** Confirms a setup intent with a card that passed its checks: a new payment method for the customer. */
export async function confirmSetupIntent(db: Database, intentId: string, card: { brand: string; last4: string; expMonth: number; expYear: number }) {
  return db.transaction(async (tx) => {
    const [intent] = await tx.query<{ id: string; customer_id: string; status: string; payment_method: string | null }>("select id, customer_id, status, payment_method from sandbox_sessions where id = $1 and kind = 'setup' for update", [intentId])
    if (!intent) return null
    if (intent.status === 'complete') return setupIntentView(intent)
    const methodId = id('pm')
    await tx.query('insert into sandbox_payment_methods (id, customer_id, brand, last4, exp_month, exp_year) values ($1, $2, $3, $4, $5, $6)', [methodId, intent.customer_id, card.brand, card.last4, card.expMonth, card.expYear])
    await tx.query("update sandbox_sessions set status = 'complete', payment_method = $2 where id = $1", [intentId, methodId])
    return setupIntentView({ id: intentId, status: 'complete', payment_method: methodId })
  })
}
