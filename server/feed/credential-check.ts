import { randomBytes, timingSafeEqual } from 'node:crypto'
import { feedTokenUsername } from '@/common/contract'
import type { Queryable } from '../db/database'
import { livePlusSeatsOf } from '../licensing/license-store'
import { secretDigest } from '../secret-digest'
import type { FeedCredentials } from './basic-credentials'
import { feedTokenDigest } from './feed-token-secret'
import { workingTokenSql } from './feed-tokens'
import type { FeedUser } from './feed-usage'

/** Compared when the email holds no seat, so that an unknown email costs the same as a wrong key. */
const strangerKey = randomBytes(18).toString('base64')

/** The seat whose key this is, comparing fixed-length digests in constant time, every one of them. */
export function seatWithKey(key: string, seats: readonly { id: string; license_key: string }[]): string | null {
  const given = secretDigest(key)
  let found: string | null = null
  for (const seat of seats.length > 0 ? seats : [{ id: '', license_key: strangerKey }]) if (timingSafeEqual(given, secretDigest(seat.license_key)) && seat.id) found = seat.id
  return found
}

/**
 * Who the credentials let in, in one query: with the user name `token`, the working feed token whose
 * secret hashes to the password (a lookup by the hash: the secret is 256 random bits, so the index
 * tells a guesser nothing); otherwise the live Commercial Plus seat the email holds with that key.
 * Null when they let no one in. Both queries are prepared once per connection.
 */
export function createCredentialCheck(db: Queryable) {
  const seatKeys = { name: 'feed-seat-keys', text: `select seats.id, seats.license_key from ${livePlusSeatsOf('$1::text')}` }
  const token = { name: 'feed-token', text: workingTokenSql('$1') }
  return async function userOf(credentials: FeedCredentials): Promise<FeedUser | null> {
    if (credentials.email === feedTokenUsername) {
      const [row] = await db.query<{ id: string }>(token, [feedTokenDigest(credentials.key)])
      return row ? { kind: 'token', id: row.id } : null
    }
    const seat = seatWithKey(credentials.key, await db.query<{ id: string; license_key: string }>(seatKeys, [credentials.email]))
    return seat ? { kind: 'seat', id: seat } : null
  }
}
