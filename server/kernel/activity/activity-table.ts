import type { NewActivity } from './activity-entry'

/**
 * The activity table's one writer: every row of it is inserted by SQL this module writes, whether
 * recordActivity runs it or a statement needs it inline (a CTE beside the change it records).
 * tests/server/kernel/activity-writer.test.ts fails when another file of server/ writes the table.
 */

/** Every column an entry fills, in the order of activityRow. */
export const activityColumns = [
  'id',
  'owner_oid',
  'kind',
  'actor_oid',
  'actor_name',
  'actor_email',
  'price_id',
  'subject_email',
  'seats',
  'subscription_id',
  'token_name',
  'actor_role',
  'role',
  'seat_id',
] as const
export type ActivityColumn = (typeof activityColumns)[number]

/** An entry's values, in the order of activityColumns. */
export const activityRow = (id: string, entry: NewActivity) => [
  id,
  entry.ownerOid,
  entry.kind,
  entry.actor?.oid ?? null,
  entry.actor?.name ?? null,
  entry.actor?.email ?? null,
  entry.priceId,
  entry.subjectEmail,
  entry.seats,
  entry.subscriptionId,
  entry.tokenName ?? null,
  entry.actorRole ?? null,
  entry.role ?? null,
  entry.seatId ?? null,
]

/**
 * SQL: rows inserted into the activity table, `columns` filled from `rows`: a `values (…)` list
 * or a `select` whose columns come in the same order. The columns left out take their defaults.
 */
export const insertActivitySql = (columns: readonly ActivityColumn[], rows: string) => `insert into activity (${columns.join(', ')}) ${rows}`

/** The columns of a change a person made in a role (an entry's columns through actor_role), as statements that record it inline fill them. */
export const actedColumns = activityColumns.slice(0, activityColumns.indexOf('actor_role') + 1)
