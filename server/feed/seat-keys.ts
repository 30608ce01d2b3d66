import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Queryable } from '../db/database'
import { livePlusSeatsOf } from '../licensing/license-store'

const digest = (text: string) => createHash('sha256').update(text).digest()
/** Compared when the email holds no seat, so that an unknown email costs the same as a wrong key. */
const strangerKey = randomBytes(18).toString('base64')

/** Whether the key is one of the seat keys, comparing fixed-length digests in constant time, every one of them. */
export function isOneOf(key: string, seatKeys: readonly string[]) {
  const given = digest(key)
  let found = false
  for (const seatKey of seatKeys.length > 0 ? seatKeys : [strangerKey]) found = timingSafeEqual(given, digest(seatKey)) || found
  return found && seatKeys.length > 0
}

/**
 * The feed's one query: the keys of the live Commercial Plus seats an email holds, and the seconds
 * the email or the client's address is held back for failed attempts (`waits` writes the SQL of
 * each, for the text parameters `$1` and `$2`).
 */
export function createSeatKeyCheck(db: Queryable, waits: { email: (param: string) => string; address: (param: string) => string }) {
  const text = `select array(select seats.license_key from ${livePlusSeatsOf('$1::text')}) as keys, greatest(${waits.email('$1::text')}, ${waits.address('$2::text')}) as wait`
  // Prepared once per connection (planning it would cost more than running it); named for its text,
  // since the limits are written into it and a name stands for one text on a connection.
  const check = { name: `feed-authorize-${digest(text).toString('hex').slice(0, 16)}`, text }
  return async (email: string, address: string) => (await db.query<{ keys: string[]; wait: number }>(check, [email, address]))[0]!
}
