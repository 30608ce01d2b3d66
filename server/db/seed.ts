import { demoPeople } from '../demo-accounts'
import { newLicenseKey } from '../accounts/license-keys'
import type { Database } from './database'

const days = (count: number) => new Date(Date.now() + count * 86_400_000).toISOString()
const person = (email: string) => demoPeople.find((candidate) => candidate.email === email)!

interface SeedSubscription {
  owner: string
  priceId: string
  quantity: number
  expiresInDays: number
  customer?: { id: string; withCard: boolean }
  assignees: { firstName: string; lastName: string; email: string }[]
}

/** The demo accounts' state (README and the sign-in page list them). */
const subscriptions: SeedSubscription[] = [
  // Expires soon, so My Licenses shows the time left in words.
  { owner: 'community@example.com', priceId: 'community', quantity: 1, expiresInDays: 12, assignees: [] },
  { owner: 'commercial@example.com', priceId: 'commercial', quantity: 5, expiresInDays: 300, customer: { id: 'cus_demo_commercial', withCard: true }, assignees: [{ firstName: 'Dev', lastName: 'One', email: 'dev1@example.com' }] },
  { owner: 'full@example.com', priceId: 'commercial', quantity: 2, expiresInDays: 200, customer: { id: 'cus_demo_full', withCard: false }, assignees: [{ firstName: 'Ana', lastName: 'Assigned', email: 'ana@example.com' }] },
  { owner: 'plus@example.com', priceId: 'commercial-plus', quantity: 3, expiresInDays: 365, customer: { id: 'cus_demo_plus', withCard: true }, assignees: [] },
]

const prices: Record<string, number> = { community: 0, commercial: 29900, 'commercial-plus': 49900 }

/** Restores exactly the demo state: every table emptied, then the demo people and their licenses. */
export async function resetDatabase(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('truncate seats, subscriptions, fulfilled_checkouts, accounts, sandbox_invoices, sandbox_subscriptions, sandbox_sessions, sandbox_payment_methods, sandbox_customers cascade')
    for (const demo of demoPeople) {
      const owned = subscriptions.find((subscription) => subscription.owner === demo.email)
      await tx.query('insert into accounts (oid, email, first_name, last_name, allowed_price_id, stripe_customer_id) values ($1, $2, $3, $4, $5, $6)', [
        demo.oid,
        demo.email,
        demo.firstName,
        demo.lastName,
        owned?.priceId ?? null,
        owned?.customer?.id ?? null,
      ])
    }
    for (const subscription of subscriptions) {
      const owner = person(subscription.owner)
      const id = `sub_demo_${subscription.owner.split('@')[0]}`
      await tx.query('insert into subscriptions (id, owner_oid, price_id, quantity, stripe_subscription_id, current_period_end) values ($1, $2, $3, $4, $5, $6)', [
        id,
        owner.oid,
        subscription.priceId,
        subscription.quantity,
        subscription.customer ? id : null,
        days(subscription.expiresInDays),
      ])
      // The owner holds the first seat; the listed assignees the next ones; the rest are free.
      const holders = [{ firstName: owner.firstName, lastName: owner.lastName, email: owner.email }, ...subscription.assignees]
      for (let index = 0; index < subscription.quantity; index++) {
        const holder = holders[index]
        await tx.query(
          'insert into seats (id, subscription_id, license_key, assignee_first_name, assignee_last_name, assignee_email, assigned_at) values ($1, $2, $3, $4, $5, $6, $7)',
          [`seat_${id.slice(9)}_${index + 1}`, id, newLicenseKey(), holder?.firstName ?? null, holder?.lastName ?? null, holder?.email ?? null, holder ? new Date().toISOString() : null],
        )
      }
      if (subscription.customer) {
        const { id: customerId, withCard } = subscription.customer
        const card = withCard ? `pm_demo_${customerId.slice(9)}` : null
        await tx.query('insert into sandbox_customers (id, account_oid, email, default_payment_method) values ($1, $2, $3, $4)', [customerId, owner.oid, owner.email, card])
        if (card) await tx.query("insert into sandbox_payment_methods (id, customer_id, brand, last4, exp_month, exp_year) values ($1, $2, 'visa', '4242', 12, 2030)", [card, customerId])
        await tx.query('insert into sandbox_subscriptions (id, customer_id, price_id, quantity, current_period_end) values ($1, $2, $3, $4, $5)', [id, customerId, subscription.priceId, subscription.quantity, days(subscription.expiresInDays)])
        await tx.query("insert into sandbox_invoices (id, customer_id, amount, description, status) values ($1, $2, $3, $4, 'paid')", [
          `in_demo_${customerId.slice(9)}`,
          customerId,
          prices[subscription.priceId]! * subscription.quantity,
          `${subscription.quantity} × ${subscription.priceId} (annual)`,
        ])
      }
    }
  })
}

/** Seeds a new database once; later starts keep whatever the database holds. */
export async function seedIfEmpty(db: Database): Promise<boolean> {
  const [row] = await db.query<{ count: number }>('select count(*)::int as count from accounts')
  if ((row?.count ?? 0) > 0) return false
  await resetDatabase(db)
  return true
}
