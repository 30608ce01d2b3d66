import { plans, type PriceId } from '@/common/plans'
import { demoPeople } from './demo-accounts'
import { newLicenseKey } from '../licensing/license-keys'
import { writeFeedRule } from '../licensing/feed-rules'
import { publishReleases, releaseOf } from '../feed/catalog'
import { addYear, unix } from './sandbox/objects/ids'
import { samplePackages } from './feed/packages'
import type { SandboxPrice } from './sandbox'
import { resetSandbox, type SandboxSeedCustomer } from './sandbox/seed'
import { migrateSandbox } from './sandbox/schema'
import type { PriceCatalogue } from '../payments/stripe-settings'
import type { Database } from '../db/database'

const day = 86_400_000
const person = (email: string) => demoPeople.find((candidate) => candidate.email === email)!

interface SeedSubscription {
  owner: string
  priceId: PriceId
  quantity: number
  expiresInDays: number
  /** The default card at the sandbox (Stripe's test card number), or none. */
  card: string | null
  assignees: { firstName: string; lastName: string; email: string }[]
  /** Paid until then (an ISO time), and its renewal never paid: ended (`unpaid`), what it covered still covered (docs/feed-coverage.md). */
  paidUntil?: string
}

/** The demo accounts' state (README and the sign-in page list them). */
const subscriptions: SeedSubscription[] = [
  // Expires soon, so My Licenses shows the time left in words.
  { owner: 'community@example.com', priceId: 'community', quantity: 1, expiresInDays: 12, card: null, assignees: [] },
  { owner: 'commercial@example.com', priceId: 'commercial', quantity: 5, expiresInDays: 300, card: '4242424242424242', assignees: [{ firstName: 'Dev', lastName: 'One', email: 'dev1@example.com' }] },
  { owner: 'full@example.com', priceId: 'commercial', quantity: 2, expiresInDays: 200, card: null, assignees: [{ firstName: 'Ana', lastName: 'Assigned', email: 'ana@example.com' }] },
  { owner: 'plus@example.com', priceId: 'commercial-plus', quantity: 3, expiresInDays: 365, card: '4242424242424242', assignees: [] },
  { owner: 'lapsed@example.com', priceId: 'commercial-plus', quantity: 1, expiresInDays: 0, card: null, assignees: [], paidUntil: '2026-05-31T23:59:59Z' },
]

/** Each demo owner's Stripe objects are named after the mailbox: cus_demo_commercial, sub_demo_commercial, … */
const stripeName = (owner: string) => owner.split('@')[0]!

/**
 * Restores exactly the demo state: every table emptied, then the demo people, their licenses and,
 * in the payment sandbox, their customers, cards, subscriptions and test clocks (one a customer,
 * frozen at the time of the reset, so a test can move one owner's time alone). The sandbox's tables
 * are the local stack's own: they are created first if the database lacks them.
 */
export async function resetDatabase(db: Database, prices: PriceCatalogue): Promise<void> {
  await migrateSandbox(db)
  // Stripe's times are whole seconds (Unix timestamps): the demo's are too, in the sandbox and the portal's tables alike.
  const now = Math.floor(Date.now() / 1000) * 1000
  await db.transaction(async (tx) => {
    await tx.query('truncate seats, subscriptions, stripe_events, accounts cascade')
    // Mail still queued from before the reset is about people who no longer exist: none of it is sent.
    await tx.query('truncate mail_outbox')
    for (const demo of demoPeople) {
      const owned = subscriptions.find((subscription) => subscription.owner === demo.email)
      await tx.query('insert into accounts (oid, email, first_name, last_name, allowed_price_id, stripe_customer_id) values ($1, $2, $3, $4, $5, $6)', [
        demo.oid,
        demo.email,
        demo.firstName,
        demo.lastName,
        owned?.priceId ?? null,
        owned ? `cus_demo_${stripeName(owned.owner)}` : null,
      ])
    }
    const customers: SandboxSeedCustomer[] = []
    for (const subscription of subscriptions) {
      const owner = person(subscription.owner)
      const name = stripeName(subscription.owner)
      const id = `sub_demo_${name}`
      // An unpaid renewal's period is the year after the paid one, as Stripe moves it.
      const paidUntil = subscription.paidUntil ? new Date(subscription.paidUntil) : new Date(now + subscription.expiresInDays * day)
      const periodEnd = subscription.paidUntil ? new Date(addYear(unix(paidUntil)) * 1000) : paidUntil
      await tx.query('insert into subscriptions (id, owner_oid, price_id, quantity, stripe_subscription_id, current_period_end, paid_until, status) values ($1, $2, $3, $4, $5, $6, $7, $8)', [
        id,
        owner.oid,
        subscription.priceId,
        subscription.quantity,
        id,
        periodEnd.toISOString(),
        paidUntil.toISOString(),
        subscription.paidUntil ? 'unpaid' : 'active',
      ])
      await writeFeedRule(tx, id, subscription.priceId)
      // The owner holds the first seat; the listed assignees the next ones; the rest are free.
      const holders = [{ firstName: owner.firstName, lastName: owner.lastName, email: owner.email }, ...subscription.assignees]
      for (let index = 0; index < subscription.quantity; index++) {
        const holder = holders[index]
        await tx.query('insert into seats (id, subscription_id, license_key, assignee_first_name, assignee_last_name, assignee_email, assigned_at) values ($1, $2, $3, $4, $5, $6, $7)', [
          `seat_${name}_${index + 1}`,
          id,
          newLicenseKey(),
          holder?.firstName ?? null,
          holder?.lastName ?? null,
          holder?.email ?? null,
          holder ? new Date(now).toISOString() : null,
        ])
      }
      customers.push({
        id: `cus_demo_${name}`,
        email: owner.email,
        name: `${owner.firstName} ${owner.lastName}`,
        accountOid: owner.oid,
        card: subscription.card ? { id: `pm_demo_${name}`, number: subscription.card } : null,
        testClock: { id: `clock_demo_${name}`, frozenTime: new Date(now) },
        subscription: {
          id,
          priceId: prices.stripePriceOf(subscription.priceId),
          quantity: subscription.quantity,
          currentPeriodStart: subscription.paidUntil ? paidUntil : new Date(periodEnd.getTime() - 365 * day),
          currentPeriodEnd: periodEnd,
          ...(subscription.paidUntil ? { renewalUnpaid: true as const } : {}),
        },
      })
    }
    await resetSandbox(tx, customers, sandboxPrices(prices))
    await tx.query('truncate feed_releases')
    await publishReleases(tx, samplePackages.map(releaseOf))
  })
}

/**
 * Seeds a new database once; later starts keep whatever the database holds. Except when the
 * sandbox's tables are new beside existing accounts (a database from before the sandbox migrated
 * its own tables, whose product migration 11 dropped them): the accounts' Stripe customers would
 * be missing, so the demo state is restored.
 */
export async function seedIfEmpty(db: Database, prices: PriceCatalogue, options: { sandboxIsNew: boolean }): Promise<boolean> {
  const [row] = await db.query<{ count: number }>('select count(*)::int as count from accounts')
  if ((row?.count ?? 0) > 0 && !options.sandboxIsNew) return false
  await resetDatabase(db, prices)
  return true
}

/** The sandbox sells our plans under the configured Stripe price ids. */
export function sandboxPrices(prices: PriceCatalogue): SandboxPrice[] {
  return plans.map((plan) => ({ id: prices.stripePriceOf(plan.priceId), productName: `Prism ${plan.name}`, unitAmount: plan.price }))
}
