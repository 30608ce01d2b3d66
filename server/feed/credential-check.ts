import { randomBytes, timingSafeEqual } from 'node:crypto'
import { feedTokenUsername } from '@/common/contract'
import type { PriceId } from '@/common/plans'
import type { Queryable } from '../db/database'
import type { Coverage } from '../licensing/coverage'
import { coverageOfRow, feedTermsColumns, unpaidTrialEnd, type FeedTermsRow } from '../licensing/feed-rules'
import type { SubscriptionStatus } from '../licensing/standing'
import { secretDigest } from '../secret-digest'
import type { FeedCredentials } from './basic-credentials'
import { feedTokenDigest } from './feed-token-secret'
import { workingTokenSql } from './feed-tokens'
import type { FeedUser } from './feed-usage'
import { scopedCoverage } from './token-scope'

/** Compared when the email holds no seat, so that an unknown email costs the same as a wrong key. */
const strangerKey = randomBytes(18).toString('base64')

/** The seat whose key this is, comparing fixed-length digests in constant time, every one of them. */
export function seatWithKey<Seat extends { id: string; license_key: string }>(key: string, seats: readonly Seat[]): Seat | null {
  const given = secretDigest(key)
  let found: Seat | null = null
  for (const seat of seats.length > 0 ? seats : [{ id: '', license_key: strangerKey } as Seat]) if (timingSafeEqual(given, secretDigest(seat.license_key)) && seat.id) found = seat
  return found
}

/** Who the feed's credentials are, and what they open. */
export interface FeedCredential {
  user: FeedUser
  priceId: PriceId
  status: SubscriptionStatus
  coverage: Coverage
  /** A feed token's own expiry; null for a seat's key. */
  tokenExpiresAt: Date | null
  /** Its subscription was a free trial that ended unpaid (decision 0047): when; null otherwise. */
  trialEnded: Date | null
  /** A feed token's scope (decision 0049); null for a seat's key. */
  scope: TokenScope | null
}

/** What a feed token's scope says beyond its coverage: its patterns (null: all its subscription covers), its network limit, whether it is suspended. */
export interface TokenScope {
  packages: readonly string[] | null
  /** The private packages its subscription covers: what a package outside the scope would come with. */
  subscriptionPackages: readonly string[]
  maxNetworks: number | null
  suspended: boolean
}

interface TokenRow extends FeedTermsRow {
  id: string
  expires_at: Date
  scope_packages: string[] | null
  max_networks: number | null
  suspended: boolean
}

const credentialOf = (user: FeedUser, row: FeedTermsRow, tokenExpiresAt: Date | null): FeedCredential => ({
  user,
  priceId: row.price_id,
  status: row.status,
  tokenExpiresAt,
  coverage: coverageOfRow(row),
  trialEnded: unpaidTrialEnd(row),
  scope: null,
})

const tokenCredentialOf = (row: TokenRow): FeedCredential => {
  const credential = credentialOf({ kind: 'token', id: row.id }, row, new Date(row.expires_at))
  const scope = { packages: row.scope_packages, subscriptionPackages: credential.coverage.packages, maxNetworks: row.max_networks, suspended: row.suspended }
  return { ...credential, coverage: scopedCoverage(credential.coverage, row.scope_packages), scope }
}

/**
 * Who the credentials are and what they open, in one query: with the user name `token`, the
 * working feed token whose secret hashes to the password (a lookup by the hash: the secret is 256
 * random bits, so the index tells a guesser nothing); otherwise the seat, of any plan and standing,
 * assigned to the email with that key. Null when they are no one's. What they open is the
 * subscription's coverage (docs/feed-coverage.md). Both queries are prepared once per connection.
 */
export function createCredentialCheck(db: Queryable) {
  const seatKeys = {
    name: 'feed-seat-coverage',
    text: `select seats.id, seats.license_key, ${feedTermsColumns}
             from seats join subscriptions on subscriptions.id = seats.subscription_id left join feed_rules on feed_rules.subscription_id = subscriptions.id
            where lower(seats.assignee_email) = $1::text and seats.assignee_email is not null`,
  }
  const token = {
    name: 'feed-token-coverage',
    text: workingTokenSql('$1', `feed_tokens.packages as scope_packages, feed_tokens.max_networks, feed_tokens.suspended_at is not null as suspended, ${feedTermsColumns}`),
  }
  return async function credentialOfRequest(credentials: FeedCredentials): Promise<FeedCredential | null> {
    if (credentials.email === feedTokenUsername) {
      const [row] = await db.query<TokenRow>(token, [feedTokenDigest(credentials.key)])
      return row ? tokenCredentialOf(row) : null
    }
    const seat = seatWithKey(credentials.key, await db.query<FeedTermsRow & { id: string; license_key: string }>(seatKeys, [credentials.email]))
    return seat ? credentialOf({ kind: 'seat', id: seat.id }, seat, null) : null
  }
}
export type CredentialCheck = ReturnType<typeof createCredentialCheck>
