import { feedTokenLimits, type CreatedFeedToken, type CreateFeedTokenRequest, type FeedToken } from '@/common/contract'
import type { PriceId } from '@/common/plans'
import type { Database, Queryable } from '../db/database'
import { newId } from '../db/ids'
import { accountJsonSql, actorNameSql, callerActor, jsWhitespace, type AccountRow, type Acting } from '../kernel/activity/actor'
import { actedColumns, insertActivitySql } from '../kernel/activity/activity-table'
import { recordActivity } from '../kernel/activity/record'
import { conflict, notFound } from '../kernel/refusal'
import type { Coverage } from '../licensing/coverage'
import { coverageOfRow, feedTermsColumns, type FeedTermsRow } from '../licensing/feed-rules'
import { liveSql } from '../licensing/standing'
import { feedTokenDigest, newFeedTokenSecret } from './feed-token-secret'

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
}

const iso = (value: Date | string) => new Date(value).toISOString()
const toToken = (row: TokenRow, newestOf: (coverage: Coverage) => string | null): FeedToken => {
  const coverage = coverageOfRow(row)
  const opensPrivate = coverage.packages.length > 0
  return {
    id: row.id,
    name: row.name,
    last4: row.last4,
    createdAt: iso(row.created_at),
    expiresAt: iso(row.expires_at),
    lastUsedAt: row.last_used_at && iso(row.last_used_at),
    subscriptionEnded: coverage.ended,
    updatesUntil: opensPrivate && coverage.updatesUntil !== 'forever' ? coverage.updatesUntil.toISOString() : null,
    newestCovered: opensPrivate ? newestOf(coverage) : null,
  }
}

/**
 * The owner's tokens, newest first, never their secrets: every one not revoked, expired ones too
 * (with the expiry that stopped them, so the list is honest about what may still be in a pipeline;
 * revoking one takes it off), and those of ended subscriptions, which still open what their
 * subscription covered (docs/feed-coverage.md), with that coverage.
 */
export async function feedTokensOf(db: Queryable, ownerOid: string, newestOf: (coverage: Coverage) => string | null = () => null): Promise<FeedToken[]> {
  const rows = await db.query<TokenRow>(
    `select feed_tokens.id, feed_tokens.name, feed_tokens.last4, feed_tokens.created_at, feed_tokens.expires_at, feed_tokens.last_used_at, ${feedTermsColumns}
       from feed_tokens join subscriptions on subscriptions.id = feed_tokens.subscription_id left join feed_rules on feed_rules.subscription_id = subscriptions.id
      where subscriptions.owner_oid = $1 and feed_tokens.revoked_at is null
      order by feed_tokens.created_at desc, feed_tokens.id desc`,
    [ownerOid],
  )
  return rows.map((row) => toToken(row, newestOf))
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
          sql: `insert into feed_tokens (id, subscription_id, created_by_oid, name, secret_sha256, last4, expires_at) values ($1, $2, $3, $4, $5, $6, now() + $7::integer * interval '24 hours')`,
          params: [id, owned.subscription_id, by.oid, request.name, feedTokenDigest(secret), last4, request.expiresInDays],
        },
      },
    )
    const createdAt = recorded.at
    const expiresAt = new Date(createdAt.getTime() + request.expiresInDays * day)
    return { token: toToken({ ...owned, id, name: request.name, last4, created_at: createdAt, expires_at: expiresAt, last_used_at: null }, newestOf), secret }
  })
}

/**
 * One statement: the token revoked when it is one of the owner's and not revoked yet, and its
 * activity recorded, by the owner, only if it was.
 */
const revokeSql = `with revoked as (
    update feed_tokens set revoked_at = now()
     where id = $1 and revoked_at is null and subscription_id in (select id from subscriptions where owner_oid = $2)
    returning name, subscription_id),
  recorded as (
    ${insertActivitySql(
      actedColumns,
      `select $3, owners.oid, 'feed-token-revoked', coalesce(actors.oid, owners.oid), coalesce(${actorNameSql('actors', '$4')}, ${actorNameSql('owners', '$4')}), coalesce(actors.email, owners.email),
           subscriptions.price_id, null, null, revoked.subscription_id, revoked.name, $6
      from revoked join subscriptions on subscriptions.id = revoked.subscription_id join accounts owners on owners.oid = subscriptions.owner_oid left join accounts actors on actors.oid = $5`,
    )})
select 1 from revoked`

/** Revokes one of the owner's tokens at once (the feed check reads revoked_at); 404 for any other, or one revoked already. */
export async function revokeFeedToken(db: Queryable, ownerOid: string, tokenId: string, by: Acting): Promise<void> {
  const revoked = tokenIdPattern.test(tokenId) ? await db.query(revokeSql, [tokenId, ownerOid, newId('act'), jsWhitespace, by.oid, by.role]) : []
  if (revoked.length === 0) throw notFound('The feed token')
}
