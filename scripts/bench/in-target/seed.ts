import { findExport, importExport } from './find-export'

/**
 * Runs inside the commit under test, with its own tsx and modules, against the database its
 * server has just migrated: gives each person (signed in through the API before) a live
 * Commercial Plus subscription of their own, through that commit's own code. Newer commits apply
 * a Stripe subscription's state (applySubscription, as their webhook does); older ones fulfil a
 * purchase (fulfillPurchase, as their checkout did). Reads BENCH_SEED (JSON), prints one JSON line.
 */
interface Person {
  oid: string
  email: string
  seats: number
}
interface Queryable {
  query(text: string, params?: unknown[]): Promise<unknown[]>
}
interface Database extends Queryable {
  transaction?<T>(work: (tx: Queryable) => Promise<T>): Promise<T>
  close(): Promise<void>
}

const { databaseUrl, people } = JSON.parse(process.env.BENCH_SEED ?? '{}') as { databaseUrl: string; people: Person[] }
const openPostgres = await importExport<(url: string) => Promise<Database>>('openPostgres')
const db = await openPostgres(databaseUrl)
const periodEnd = new Date(Date.now() + 365 * 86_400_000)
let via: string
try {
  if (findExport('applySubscription')) {
    via = 'applySubscription'
    const applySubscription = await importExport<(tx: Queryable, state: object) => Promise<string>>('applySubscription')
    for (const [index, person] of people.entries()) {
      const state = {
        stripeSubscriptionId: `sub_bench_${index}`,
        customerId: `cus_bench_${index}`,
        accountOid: person.oid,
        priceId: 'commercial-plus',
        quantity: person.seats,
        status: 'active',
        currentPeriodEnd: periodEnd,
        cancelAtPeriodEnd: false,
      }
      const outcome = db.transaction ? await db.transaction((tx) => applySubscription(tx, state)) : await applySubscription(db, state)
      if (outcome !== 'created') throw new Error(`applySubscription answered ${outcome} for ${person.email}`)
    }
  } else if (findExport('fulfillPurchase')) {
    via = 'fulfillPurchase'
    const fulfillPurchase = await importExport<(db: Database, purchase: object) => Promise<void>>('fulfillPurchase')
    for (const [index, person] of people.entries())
      await fulfillPurchase(db, {
        sessionId: `cs_bench_${index}`,
        ownerOid: person.oid,
        priceId: 'commercial-plus',
        quantity: person.seats,
        subscriptionId: `sub_bench_${index}`,
        currentPeriodEnd: periodEnd.toISOString(),
      })
  } else throw new Error("This commit's server/ exports neither applySubscription nor fulfillPurchase: the bench cannot seed it")
} finally {
  await db.close()
}
console.log(JSON.stringify({ seeded: people.length, via }))
