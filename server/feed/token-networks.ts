import type { PriceId } from '@/common/plans'
import type { Database, Queryable } from '../db/database'
import { recordActivity } from '../kernel/activity/record'
import { contactsOf, contactsSql } from '../kernel/organisation-contacts'
import type { Person } from '../mail/compose'
import { feedTokenLeakMail } from '../mail/messages'
import { queueMail } from '../mail/outbox'

/** How long this instance takes a network it admitted for a token as admitted, without asking the database. */
const rememberMs = 60_000
/** Past this many remembered pairs, the ones older than rememberMs are forgotten. */
const rememberAtMost = 100_000

/** The dedupe key of a token's leak mail: one per leak (a resume and a later leak make a new one). */
export const feedTokenLeakKey = (tokenId: string, leakAt: Date) => `feed-token-leak:${tokenId}:${leakAt.toISOString()}`

/**
 * The token's row locked (one admission at a time per token, on any instance), then the network
 * noted: admitted when it was admitted within the last 24 hours (since the last resume), or when
 * fewer than max_networks others were; refused otherwise, and noted as refused.
 */
const lockSql = { name: 'feed-token-network-lock', text: 'select max_networks, counted_from from feed_tokens where id = $1 for update' }
const noteSql = {
  name: 'feed-token-network-note',
  text: `with since as (select greatest(now() - interval '24 hours', $4::timestamptz) as at),
    own as (select allowed and last_seen_at > (select at from since) as admitted from feed_token_networks where token_id = $1 and network = $2),
    others as (select count(*)::int as admitted from feed_token_networks where token_id = $1 and network <> $2 and allowed and last_seen_at > (select at from since))
  insert into feed_token_networks as seen (token_id, network, allowed)
    values ($1, $2, coalesce((select admitted from own), false) or (select admitted from others) < $3::integer)
    on conflict (token_id, network) do update set last_seen_at = now(), allowed = excluded.allowed
  returning allowed`,
}

/** The first network past the limit marks the token: once until it is resumed, suspended when its owner chose so. */
const markLeakSql = `update feed_tokens set leak_at = now(), suspended_at = case when feed_tokens.suspend_on_leak then now() end
    from subscriptions
   where subscriptions.id = feed_tokens.subscription_id and feed_tokens.id = $1 and feed_tokens.leak_at is null
  returning feed_tokens.name, feed_tokens.subscription_id, feed_tokens.max_networks, feed_tokens.leak_at, feed_tokens.suspend_on_leak, subscriptions.owner_oid, subscriptions.price_id,
            ${contactsSql('subscriptions.owner_oid', 'members')} as contacts`

/**
 * Marks the token a possible leak, if it is not marked yet: the activity entry (by nobody: the feed
 * saw it) and one mail to the organisation's owners, in the transaction that marks it. Answers
 * whether this call marked it.
 */
export async function markPossibleLeak(tx: Queryable, tokenId: string, network: string, origin: string): Promise<boolean> {
  const [marked] = await tx.query<{
    name: string
    subscription_id: string
    max_networks: number
    leak_at: Date
    suspend_on_leak: boolean
    owner_oid: string
    price_id: PriceId
    contacts: Person[] | string
  }>(markLeakSql, [tokenId])
  if (!marked) return false
  await recordActivity(tx, {
    ownerOid: marked.owner_oid,
    kind: 'feed-token-leak',
    actor: null,
    priceId: marked.price_id,
    subjectEmail: null,
    seats: null,
    subscriptionId: marked.subscription_id,
    tokenName: marked.name,
  })
  const to = contactsOf(marked.contacts)
  const leakAt = new Date(marked.leak_at)
  if (to.length)
    await queueMail(tx, feedTokenLeakMail({ origin, to, tokenName: marked.name, network, maxNetworks: marked.max_networks, suspended: marked.suspend_on_leak }), {
      dedupeKey: feedTokenLeakKey(tokenId, leakAt),
    })
  return true
}

/**
 * The network limit of feed tokens (decision 0049): whether a token with a limit may be used from
 * a client's network now. Counted in the database, so every instance counts the same networks; kept
 * off the check's hot path: a network this instance admitted for the token within the last minute
 * is admitted again without a query, so a build's hundreds of requests cost one transaction a minute.
 * A refused network is asked of the database every time (a leaked key's requests, not a build's).
 */
export function createNetworkGuard(db: Database, origin: string, now: () => number = Date.now) {
  const admitted = new Map<string, number>()

  function remember(key: string, at: number) {
    admitted.set(key, at)
    if (admitted.size <= rememberAtMost) return
    for (const [each, since] of admitted) if (at - since >= rememberMs) admitted.delete(each)
  }

  return async function admits(tokenId: string, network: string): Promise<boolean> {
    const key = `${tokenId} ${network}`
    const at = now()
    if (at - (admitted.get(key) ?? -Infinity) < rememberMs) return true
    const allowed = await db.transaction(async (tx) => {
      const [token] = await tx.query<{ max_networks: number | null; counted_from: Date }>(lockSql, [tokenId])
      if (!token || token.max_networks === null) return true
      const [seen] = await tx.query<{ allowed: boolean }>(noteSql, [tokenId, network, token.max_networks, token.counted_from])
      if (!seen!.allowed) await markPossibleLeak(tx, tokenId, network, origin)
      return seen!.allowed
    })
    if (allowed) remember(key, at)
    return allowed
  }
}
export type NetworkGuard = ReturnType<typeof createNetworkGuard>
