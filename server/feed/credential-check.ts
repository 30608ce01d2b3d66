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
}

const credentialOf = (user: FeedUser, row: FeedTermsRow, tokenExpiresAt: Date | null): FeedCredential => ({
  user,
  priceId: row.price_id,
  status: row.status,
  tokenExpiresAt,
  coverage: coverageOfRow(row),
  trialEnded: unpaidTrialEnd(row),
})

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
  const token = { name: 'feed-token-coverage', text: workingTokenSql('$1', feedTermsColumns) }
  return async function credentialOfRequest(credentials: FeedCredentials): Promise<FeedCredential | null> {
    if (credentials.email === feedTokenUsername) {
      const [row] = await db.query<FeedTermsRow & { id: string; expires_at: Date }>(token, [feedTokenDigest(credentials.key)])
      return row ? credentialOf({ kind: 'token', id: row.id }, row, new Date(row.expires_at)) : null
    }
    const seat = seatWithKey(credentials.key, await db.query<FeedTermsRow & { id: string; license_key: string }>(seatKeys, [credentials.email]))
    return seat ? credentialOf({ kind: 'seat', id: seat.id }, seat, null) : null
  }
}
export type CredentialCheck = ReturnType<typeof createCredentialCheck>
