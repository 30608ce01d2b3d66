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

/** The seat whose key has the digest `given` (secretDigest of the key given), comparing fixed-length digests in constant time, every one of them. */
export function seatWithKey<Seat extends { id: string; license_key: string }>(given: Buffer, seats: readonly Seat[]): Seat | null {
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

/** Wrong credentials that were the email's seat key until the seat was unassigned (decision 0062): the feed says when. */
export interface ReleasedSeatKey {
  releasedAt: Date
}

interface SeatRow extends FeedTermsRow {
  id: string
  license_key: string
  released_at: Date | null
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
 * The feed's seat check: one row per seat the email ($1, in lower case) holds (none: one row
 * without a seat), each with when the key given (its SHA-256, $2) was the email's until its seat
 * was unassigned (decision 0062): a primary key's probe, made only when the seat's key is not the
 * one given (a right key's check visits no page for it; which seat it opens is still decided by
 * seatWithKey's comparisons, in constant time).
 */
export const feedSeatStatement = {
  name: 'feed-seat-coverage',
  text: `select seats.id, seats.license_key, ${feedTermsColumns},
                case when sha256(convert_to(seats.license_key, 'UTF8')) = $2 then null
                     else (select released_at from released_seat_keys where key_digest = $2 and holder_email = $1::text) end as released_at
           from (select) given
           left join (seats join subscriptions on subscriptions.id = seats.subscription_id left join feed_rules on feed_rules.subscription_id = subscriptions.id)
             on lower(seats.assignee_email) = $1::text and seats.assignee_email is not null`,
}

/** The feed token whose secret hashes to $1, working, with its scope and its subscription's terms. */
export const feedTokenStatement = {
  name: 'feed-token-coverage',
  text: workingTokenSql('$1', `feed_tokens.packages as scope_packages, feed_tokens.max_networks, feed_tokens.suspended_at is not null as suspended, ${feedTermsColumns}`),
}

/**
 * Who the credentials are and what they open, in one query: with the user name `token`, the
 * working feed token whose secret hashes to the password (a lookup by the hash: the secret is 256
 * random bits, so the index tells a guesser nothing); otherwise the seat, of any plan and standing,
 * assigned to the email with that key, or when it was the email's key until its seat was
 * unassigned (a license key is 125 random bits: its digest's lookup tells a guesser nothing
 * either). Null when they are no one's. What they open is the
 * subscription's coverage (docs/feed-coverage.md). Both queries are prepared once per connection.
 */
export function createCredentialCheck(db: Queryable) {
  return async function credentialOfRequest(credentials: FeedCredentials): Promise<FeedCredential | ReleasedSeatKey | null> {
    if (credentials.email === feedTokenUsername) {
      const [row] = await db.query<TokenRow>(feedTokenStatement, [feedTokenDigest(credentials.key)])
      return row ? tokenCredentialOf(row) : null
    }
    // Hashed once: the released keys' lookup and the seats' comparison both take the digest.
    const given = secretDigest(credentials.key)
    // The `given` row answers one row at least: the email's first seat, or a row without a seat.
    const rows = await db.query<SeatRow>(feedSeatStatement, [credentials.email, given])
    const first = rows[0]!
    const seat = seatWithKey(given, first.id ? rows : [])
    if (seat) return credentialOf({ kind: 'seat', id: seat.id }, seat, null)
    const releasedAt = first.released_at
    return releasedAt ? { releasedAt: new Date(releasedAt) } : null
  }
}
export type CredentialCheck = ReturnType<typeof createCredentialCheck>
