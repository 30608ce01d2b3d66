import fc from 'fast-check'
import type { Database } from '@/server/db/database'

/** A value a hostile client sends where another is expected: wrong types, huge or odd strings, prototype keys, deep or empty shapes. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1e308, Number.MAX_SAFE_INTEGER + 2, '', [], {}, 'x'.repeat(100_000), '\u0000', '\u0007\u001b[2J', '\ud800', 'Ω≈ç√∫˜µ≤≥÷', '👨‍👩‍👧‍👦'),
  fc.constantFrom({ __proto__: { admin: true } }, JSON.parse('{"__proto__": {"polluted": 1}}'), { constructor: { prototype: { polluted: 1 } } }, { toString: 'x', valueOf: 1 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.jsonValue({ maxDepth: 3 }),
  fc.integer(),
  fc.double(),
)

/**
 * Each organisation's rows, table by table, as a digest keyed `table organisation`: what compares
 * them before and after someone's calls. The rows of a seat the person holds, mail to them and the
 * activity they did (a holder's seat changes with the holder's name) are theirs, whoever's
 * organisation granted the seat: a change of the seat itself shows in the seats' rows. Every other
 * row belongs to the organisation it is keyed by, and a person's account to that person.
 */
export async function organisationRows(db: Database, person: { oid: string; email: string }): Promise<Map<string, string>> {
  const digest = "md5(string_agg(x::text, '|' order by x::text))"
  const theirs = `case when x.holder_oid = $1 or lower(x.assignee_email) = lower($2) then 'person ' || $1 else s.owner_oid end`
  const rows = await db.query<{ key: string; digest: string }>(
    `select 'accounts ' || x.oid as key, ${digest} as digest from accounts x group by x.oid
     union all select 'subscriptions ' || x.owner_oid, ${digest} from subscriptions x group by x.owner_oid
     union all select 'seats ' || ${theirs}, ${digest} from seats x join subscriptions s on s.id = x.subscription_id group by 1
     union all select 'checkouts ' || x.owner_oid, ${digest} from checkouts x group by x.owner_oid
     union all select 'activity ' || case when x.actor_oid = $1 then 'person ' || $1 else x.owner_oid end, ${digest} from activity x group by 1
     union all select 'memberships ' || x.org_oid, ${digest} from memberships x group by x.org_oid
     union all select 'invitations ' || x.org_oid, ${digest} from invitations x group by x.org_oid
     union all select 'ownership_transfers ' || x.org_oid, ${digest} from ownership_transfers x group by x.org_oid
     union all select 'trials ' || x.owner_oid, ${digest} from trials x group by x.owner_oid
     union all select 'feed_tokens ' || s.owner_oid, ${digest} from feed_tokens x join subscriptions s on s.id = x.subscription_id group by s.owner_oid
     union all select 'renewal_changes ' || s.owner_oid, ${digest} from renewal_changes x join subscriptions s on s.id = x.subscription_id group by s.owner_oid
     union all select 'feed_rules ' || s.owner_oid, ${digest} from feed_rules x join subscriptions s on s.id = x.subscription_id group by s.owner_oid
     union all select 'mail_outbox ' || case when lower(x.recipient) = lower($2) then 'person ' || $1 else x.org_oid end, ${digest} from mail_outbox x where x.org_oid is not null group by 1`,
    [person.oid, person.email],
  )
  return new Map(rows.map((row) => [row.key, row.digest]))
}

/** The tables (with their organisation) whose rows differ between two digests, but for those of the organisations spared. */
export function changedOutside(before: Map<string, string>, after: Map<string, string>, spared: string[]): string[] {
  const keys = new Set([...before.keys(), ...after.keys()])
  const owner = (key: string) => key.slice(key.indexOf(' ') + 1).replace(/^person /, '')
  return [...keys].filter((key) => !spared.includes(owner(key)) && before.get(key) !== after.get(key)).sort()
}
