import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '@/server/db/database'
import { migrate } from '@/server/db/migrations'
import { feedSeatStatement, feedTokenStatement } from '@/server/feed/credential-check'
import { unmigratedDatabases } from '@/tests/support/server/database'

interface PlanNode {
  'Node Type': string
  'Relation Name'?: string
  'Index Name'?: string
  'Plan Rows': number
  Plans?: PlanNode[]
}

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)]

/**
 * The feed's two checks, planned as every connection plans them (decision 0072): by keys. With
 * PostgreSQL's default price of a page read out of order (4), a table of 100 subscriptions was
 * cheaper to hash whole than to probe once; and with no statistics for the partial index's
 * lower(email), the planner guessed 0.5% of the seats for one email. Each check then read every
 * subscription (at 400 of them: 55 µs a seat check, 13 by keys).
 */
describe.each(unmigratedDatabases)("the feed's checks, planned on $name", ({ open }) => {
  let db: Database
  beforeAll(async () => {
    db = await open()
    await migrate(db)
    await db.query(`insert into accounts (oid, email) values ('owner', 'owner@example.com')`)
    await db.query(`insert into subscriptions (id, owner_oid, price_id, quantity, current_period_end)
                    select 'sub' || i, 'owner', 'commercial-plus', 5, now() + interval '300 days' from generate_series(1, 100) i`)
    await db.query(`insert into feed_rules (subscription_id, packages, expiry_strategy) select 'sub' || i, '{Prism.Plus}', 'restrict' from generate_series(1, 100) i`)
    await db.query(`insert into seats (id, subscription_id, license_key, assignee_email, assigned_at)
                    select 'seat' || i, 'sub' || (1 + (i - 1) / 20), 'key-' || i, 'holder' || i || '@example.com', now() from generate_series(1, 2000) i`)
    await db.query(`insert into feed_tokens (id, subscription_id, created_by_oid, name, secret_sha256, last4, expires_at)
                    select 'token' || i, 'sub' || i, 'owner', 'CI ' || i, sha256(convert_to('secret ' || i, 'UTF8')), 'abcd', now() + interval '90 days' from generate_series(1, 5) i`)
    await db.query('analyze')
    // PGlite's start and the migrations beside the whole suite on a slow machine: a minute was not always enough.
  }, 180_000)
  afterAll(() => db.close())

  /** The generic plan's nodes of `text` with these literal arguments, on one connection as the API's are set. */
  const planOf = (text: string, types: string, args: string) =>
    db.transaction(async (tx) => {
      await tx.query(`prepare planner_probe (${types}) as ${text}`)
      const [row] = await tx.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(`explain (format json) execute planner_probe (${args})`)
      await tx.query('deallocate planner_probe')
      const plan = row!['QUERY PLAN']
      return nodesOf((typeof plan === 'string' ? (JSON.parse(plan) as [{ Plan: PlanNode }]) : plan)[0].Plan)
    })
  const scans = (nodes: PlanNode[], table: string) => nodes.filter((node) => node['Relation Name'] === table).map((node) => node['Node Type'])

  it("finds a seat by the email's index and its subscription and terms by their keys", async () => {
    const nodes = await planOf(feedSeatStatement.text, 'text, bytea', `'holder17@example.com', sha256(convert_to('key-17', 'UTF8'))`)
    const seats = nodes.find((node) => node['Relation Name'] === 'seats')
    expect(seats?.['Index Name']).toBe('seats_by_assignee')
    // The statistics on lower(email) (migration 31): one seat an email, not 0.5% of them all.
    expect(seats?.['Plan Rows']).toBe(1)
    expect(scans(nodes, 'subscriptions')).toEqual(['Index Scan'])
    expect(scans(nodes, 'feed_rules')).toEqual(['Index Scan'])
  })

  it("finds a token by its secret's index and its subscription by its key", async () => {
    const nodes = await planOf(feedTokenStatement.text, 'bytea', `sha256(convert_to('secret 3', 'UTF8'))`)
    expect(scans(nodes, 'subscriptions')).toEqual(['Index Scan'])
    expect(scans(nodes, 'feed_rules')).toEqual(['Index Scan'])
  })
})
