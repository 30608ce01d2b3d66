import { feedTokenLimits, type ActivityEntry, type CreatedFeedToken, type CreateFeedTokenRequest, type FeedToken, type FeedTokenCreator, type MemberRole as Role } from '@/common/contract'
import { may } from '@/common/roles'
import type { PriceId } from '@/common/plans'
import type { Database, Queryable } from '../db/database'
import { newId } from '../db/ids'
import { accountJsonSql, actorNameSql, actorOf, callerActor, jsWhitespace, type AccountRow, type Acting } from '../kernel/activity/actor'
import { actedColumns, insertActivitySql } from '../kernel/activity/activity-table'
import { recordActivity } from '../kernel/activity/record'
import { conflict, notFound } from '../kernel/refusal'
import type { ActingRow, RoleCheck } from '../kernel/role-check'
import type { Coverage } from '../licensing/coverage'
import { coverageOfRow, feedTermsColumns, type FeedTermsRow } from '../licensing/feed-rules'
import { liveSql } from '../licensing/standing'
import { feedTokenDigest, newFeedTokenSecret } from './feed-token-secret'
import { refuseWiderScope } from './token-scope'

/** The plan whose subscriptions have feed tokens (its feed is the private one). */
const tokenPlan: PriceId = 'commercial-plus'
const day = 86_400_000
/** A token's id: newId's `ftok_` and twelve base64url characters. Anything else names no token. */
const tokenIdPattern = /^ftok_[\w-]{12}$/

/**
 * SQL for the feed's credential check: the one working token whose secret's SHA-256 is the bytea
 * parameter `digestParam` (feedTokenDigest of the password), none otherwise, with its expiry and
 * the `columns` of its subscription (under the alias `subscriptions`) and its feed rule. Working:
 * not revoked, not expired; what it opens is its subscription's coverage, live or ended. The unique
 * index on secret_sha256 finds it.
 */
export const workingTokenSql = (digestParam: string, columns = '1') =>
  `select feed_tokens.id, feed_tokens.expires_at, ${columns}
     from feed_tokens join subscriptions on subscriptions.id = feed_tokens.subscription_id left join feed_rules on feed_rules.subscription_id = subscriptions.id
    where feed_tokens.secret_sha256 = ${digestParam} and feed_tokens.revoked_at is null and feed_tokens.expires_at > now()`

interface TokenRow extends FeedTermsRow {
  id: string
  name: string
  last4: string
  created_at: Date
  expires_at: Date
  last_used_at: Date | null
  scope_packages: string[] | null
  max_networks: number | null
  suspend_on_leak: boolean
  leak_at: Date | null
  suspended_at: Date | null
  /** JSON (a driver may hand it over as text): the networks of the last 30 days, most recent first. */
  networks: { network: string; lastSeenAt: string; allowed: boolean }[] | string
  downloads: { packageId: string; version: string; downloads: number }[] | string
}

/** SQL: a token's scope and what the feed saw of it, as TokenRow names them (the alias `feed_tokens`). */
const scopeColumns = `feed_tokens.packages as scope_packages, feed_tokens.max_networks, feed_tokens.suspend_on_leak, feed_tokens.leak_at, feed_tokens.suspended_at,
  coalesce((select json_agg(json_build_object('network', seen.network, 'lastSeenAt', seen.last_seen_at, 'allowed', seen.allowed) order by seen.last_seen_at desc, seen.network)
              from feed_token_networks seen where seen.token_id = feed_tokens.id and seen.last_seen_at > now() - interval '30 days'), '[]') as networks,
  coalesce((select json_agg(json_build_object('packageId', counted.package_id, 'version', counted.version, 'downloads', counted.downloads) order by lower(counted.package_id), counted.version)
              from feed_token_downloads counted where counted.token_id = feed_tokens.id), '[]') as downloads`

/**
 * SQL: who made the token (the alias `creators`, joined on created_by_oid) and their role in its
 * organisation (`subscriptions.owner_oid`) now, as membersSql reads it: their membership there, or
 * the founder of an organisation with no member rows; null once removed or gone elsewhere.
 */
const creatorColumns = `creators.oid as creator_oid, creators.email as creator_email, creators.first_name as creator_first_name, creators.last_name as creator_last_name,
  coalesce((select m.role from memberships m where m.member_oid = creators.oid and m.org_oid = subscriptions.owner_oid),
           case when creators.oid = subscriptions.owner_oid and not exists (select 1 from memberships m where m.member_oid = creators.oid)
                 and not exists (select 1 from memberships o where o.org_oid = subscriptions.owner_oid) then 'owner' end) as creator_role`

interface CreatorRow {
  creator_oid: string
  creator_email: string
  creator_first_name: string
  creator_last_name: string
  /** The creator's role in the token's organisation now; null: no longer a member. */
  creator_role: Role | null
}

const creatorOf = (row: CreatorRow): FeedTokenCreator => ({
  ...actorOf({ oid: row.creator_oid, email: row.creator_email, first_name: row.creator_first_name, last_name: row.creator_last_name }),
  managesTokens: may(row.creator_role, 'seats'),
})

const jsonOf = <T>(column: T[] | string): T[] => (typeof column === 'string' ? (JSON.parse(column) as T[]) : column)

const iso = (value: Date | string) => new Date(value).toISOString()
const toToken = (row: TokenRow, createdBy: FeedTokenCreator, newestOf: (coverage: Coverage) => string | null): FeedToken => {
  const coverage = coverageOfRow(row)
  const opensPrivate = coverage.packages.length > 0
  return {
    id: row.id,
    name: row.name,
    createdBy,
    last4: row.last4,
    createdAt: iso(row.created_at),
    expiresAt: iso(row.expires_at),
    lastUsedAt: row.last_used_at && iso(row.last_used_at),
    subscriptionEnded: coverage.ended,
    updatesUntil: opensPrivate && coverage.updatesUntil !== 'forever' ? coverage.updatesUntil.toISOString() : null,
    newestCovered: opensPrivate ? newestOf(coverage) : null,
    packages: row.scope_packages,
    maxNetworks: row.max_networks,
    suspendOnLeak: row.suspend_on_leak,
    leakAt: row.leak_at && iso(row.leak_at),
    suspendedAt: row.suspended_at && iso(row.suspended_at),
    networks: jsonOf(row.networks).map((seen) => ({ ...seen, lastSeenAt: iso(seen.lastSeenAt) })),
    downloads: jsonOf(row.downloads),
  }
}

/**
 * The owner's tokens, newest first, never their secrets: every one not revoked, expired ones too
 * (with the expiry that stopped them, so the list is honest about what may still be in a pipeline;
 * revoking one takes it off), and those of ended subscriptions, which still open what their
 * subscription covered (docs/feed-coverage.md), with that coverage.
 */
export async function feedTokensOf(db: Queryable, ownerOid: string, newestOf: (coverage: Coverage) => string | null = () => null): Promise<FeedToken[]> {
  const rows = await db.query<TokenRow & CreatorRow>(
    `select feed_tokens.id, feed_tokens.name, feed_tokens.last4, feed_tokens.created_at, feed_tokens.expires_at, feed_tokens.last_used_at, ${scopeColumns}, ${feedTermsColumns}, ${creatorColumns}
       from feed_tokens join subscriptions on subscriptions.id = feed_tokens.subscription_id left join feed_rules on feed_rules.subscription_id = subscriptions.id
            join accounts creators on creators.oid = feed_tokens.created_by_oid
      where subscriptions.owner_oid = $1 and feed_tokens.revoked_at is null
      order by feed_tokens.created_at desc, feed_tokens.id desc`,
    [ownerOid],
  )
  return rows.map((row) => toToken(row, creatorOf(row), newestOf))
}

/** The owner's live Commercial Plus subscription that ends last, locked, with the owner's account (the activity's actor). */
const lockPlusSubscriptionSql = `select subscriptions.id as subscription_id, ${feedTermsColumns}, accounts.oid, accounts.email, accounts.first_name, accounts.last_name, ${accountJsonSql('$2')} as actor
   from subscriptions join accounts on accounts.oid = subscriptions.owner_oid left join feed_rules on feed_rules.subscription_id = subscriptions.id
  where subscriptions.owner_oid = $1 and subscriptions.price_id = '${tokenPlan}' and ${liveSql()}
  order by subscriptions.current_period_end desc, subscriptions.id limit 1 for update of subscriptions`

/**
 * Makes a token for the owner's live Commercial Plus subscription (the one ending last) and records
 * it, in one transaction; the secret is answered this once and only its SHA-256 and last four
 * characters are kept. The subscription is locked in a statement of its own, so the count that
 * follows sees every token made before, on any instance: the limit holds under concurrent requests.
 */
export async function createFeedToken(
  db: Database,
  ownerOid: string,
  request: CreateFeedTokenRequest,
  by: Acting,
  newestOf: (coverage: Coverage) => string | null = () => null,
): Promise<CreatedFeedToken> {
  return db.transaction(async (tx) => {
    const [owned] = await tx.query<AccountRow & FeedTermsRow & { subscription_id: string; actor: AccountRow | null }>(lockPlusSubscriptionSql, [ownerOid, by.oid])
    if (!owned) throw conflict('Feed tokens need a live Commercial Plus subscription.')
    // A scope narrows the subscription's coverage, never widens it: a wider pattern is the form's field error.
    refuseWiderScope(request.packages, coverageOfRow(owned).packages)
    const scope = request.packages.length ? request.packages : null
    const [counted] = await tx.query<{ active: number }>('select count(*)::int as active from feed_tokens where subscription_id = $1 and revoked_at is null and expires_at > now()', [
      owned.subscription_id,
    ])
    if (counted!.active >= feedTokenLimits.perSubscription)
      throw conflict(`A subscription can have at most ${feedTokenLimits.perSubscription} feed tokens in use. Revoke one you no longer need first.`)
    const id = newId('ftok')
    const secret = newFeedTokenSecret()
    const last4 = secret.slice(-4)
    const recorded = await recordActivity(
      tx,
      {
        ownerOid,
        kind: 'feed-token-created',
        actor: callerActor(owned.actor, by),
        actorRole: by.role,
        priceId: tokenPlan,
        subjectEmail: null,
        seats: null,
        subscriptionId: owned.subscription_id,
        tokenName: request.name,
      },
      {
        facts: null,
        alongside: {
          // now() is the transaction's time: the token's created_at is the activity's at.
          sql: `insert into feed_tokens (id, subscription_id, created_by_oid, name, secret_sha256, last4, expires_at, packages, max_networks, suspend_on_leak)
                values ($1, $2, $3, $4, $5, $6, now() + $7::integer * interval '24 hours', $8::text[], $9::integer, $10::boolean)`,
          params: [id, owned.subscription_id, by.oid, request.name, feedTokenDigest(secret), last4, request.expiresInDays, scope, request.maxNetworks, request.suspendOnLeak],
        },
      },
    )
    const createdAt = recorded.at
    const expiresAt = new Date(createdAt.getTime() + request.expiresInDays * day)
    const made = { id, name: request.name, last4, created_at: createdAt, expires_at: expiresAt, last_used_at: null }
    // Made just now by the caller, in the role that allowed it.
    const createdBy = { ...callerActor(owned.actor, by), managesTokens: may(by.role, 'seats') }
    const scoped = { scope_packages: scope, max_networks: request.maxNetworks, suspend_on_leak: request.suspendOnLeak, leak_at: null, suspended_at: null, networks: [], downloads: [] }
    return { token: toToken({ ...owned, ...made, ...scoped }, createdBy, newestOf), secret }
  })
}

/**
 * One statement: an owner's change to one of their tokens (`set`, where `condition` holds too), and
 * its activity (`kind`) recorded, by the caller, only if it changed. Parameters: the token's id, the
 * owner, the activity's id, the whitespace of names, the caller and their role.
 */
const tokenChangeSql = (set: string, condition: string, kind: ActivityEntry['kind']) => (check: RoleCheck) => `with ${check.acting(7)},
  changed as (
    update feed_tokens set ${set}
     where id = $1 and ${condition} and subscription_id in (select id from subscriptions where owner_oid = $2) and ${check.allows}
    returning name, subscription_id),
  recorded as (
    ${insertActivitySql(
      actedColumns,
      `select $3, owners.oid, '${kind}', coalesce(actors.oid, owners.oid), coalesce(${actorNameSql('actors', '$4')}, ${actorNameSql('owners', '$4')}), coalesce(actors.email, owners.email),
           subscriptions.price_id, null, null, changed.subscription_id, changed.name, $6
      from changed join subscriptions on subscriptions.id = changed.subscription_id join accounts owners on owners.oid = subscriptions.owner_oid left join accounts actors on actors.oid = $5`,
    )})
select exists (select 1 from changed) as changed, acting.* from acting`

/** The token revoked when it is not revoked yet. */
const revokeSql = tokenChangeSql('revoked_at = now()', 'revoked_at is null', 'feed-token-revoked')
/** The token let in again when it is working and marked a possible leak (suspended or not), its networks counted afresh from now. */
const resumeSql = tokenChangeSql('suspended_at = null, leak_at = null, counted_from = now()', 'leak_at is not null and revoked_at is null and expires_at > now()', 'feed-token-resumed')

/**
 * Runs an owner's change to one of their tokens, the acting person's role read by the same statement
 * (decision 0050): the permission's 403 when it no longer holds; 404 (`what` was not found) when it changed nothing.
 */
async function changeToken(db: Queryable, sql: (check: RoleCheck) => string, ownerOid: string, tokenId: string, by: Acting, check: RoleCheck, what: string): Promise<void> {
  // A malformed id is unknown to anyone.
  if (!tokenIdPattern.test(tokenId)) throw notFound(what)
  const [answer] = await db.query<ActingRow & { changed: boolean }>(sql(check), [tokenId, ownerOid, newId('act'), jsWhitespace, by.oid, by.role, ...check.params])
  check.settle(answer)
  if (!answer!.changed) throw notFound(what)
}

/** Lets one of the owner's tokens marked a possible leak in again (the feed check reads suspended_at); 404 for any other. */
export const resumeFeedToken = (db: Queryable, ownerOid: string, tokenId: string, by: Acting, check: RoleCheck) =>
  changeToken(db, resumeSql, ownerOid, tokenId, by, check, 'The feed token marked a possible leak')

/** Revokes one of the owner's tokens at once (the feed check reads revoked_at); 404 for any other, or one revoked already. */
export const revokeFeedToken = (db: Queryable, ownerOid: string, tokenId: string, by: Acting, check: RoleCheck) => changeToken(db, revokeSql, ownerOid, tokenId, by, check, 'The feed token')

/**
 * Revokes every token of the owner's that one person made (offboarding, issue 48: someone removed
 * or demoted leaves no build credential of theirs working), each recorded as a revocation by the
 * caller, in one transaction; their tokens are locked first. Answers how many; none is no error.
 */
export async function revokeFeedTokensBy(db: Database, ownerOid: string, creatorOid: string, by: Acting, check: RoleCheck): Promise<number> {
  return db.transaction(async (tx) => {
    const tokens = await tx.query<{ id: string }>(
      `select feed_tokens.id from feed_tokens join subscriptions on subscriptions.id = feed_tokens.subscription_id
        where subscriptions.owner_oid = $1 and feed_tokens.created_by_oid = $2 and feed_tokens.revoked_at is null
        order by feed_tokens.created_at, feed_tokens.id for update of feed_tokens`,
      [ownerOid, creatorOid],
    )
    for (const token of tokens) await changeToken(tx, revokeSql, ownerOid, token.id, by, check, 'The feed token')
    return tokens.length
  })
}
