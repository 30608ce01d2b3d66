import type { RegeneratedKey } from '../../common/contract'
import { callerActor } from './activity/actor'
import type { Database } from '../db/database'
import { newLicenseKey } from './license-keys'
import { conflict, notFound } from './refusal'
import { lockSeat, recordSeatActivity } from './seat-activity'
import { isLive } from './standing'

/**
 * Gives an assigned seat a new license key, for its holder or its subscription's owner, in one
 * transaction with its activity. The old key stops working at once: the feed check reads the seat's key.
 * Two statements: the seat locked and read (with the caller's account, the activity's actor), then the
 * new key and the activity, once the checks passed in between.
 */
export async function regenerateKey(db: Database, caller: { oid: string; email: string }, licenseId: string): Promise<RegeneratedKey> {
  return db.transaction(async (tx) => {
    const locked = await lockSeat(tx, licenseId, caller.oid)
    const seat = locked?.seat
    const holder = seat?.holderEmail?.toLowerCase()
    // Anyone else learns nothing, not even that the seat exists; nor does a free seat have a key in use.
    if (!seat || !holder || (holder !== caller.email.toLowerCase() && seat.owner.oid !== caller.oid)) throw notFound('The license')
    // Its holder and owner still see an ended seat (marked expired, without a key): 409 tells them why, where 404 would contradict the page.
    if (!isLive(seat.status)) throw conflict('This license has expired: an expired license has no key to regenerate.')
    const licenseKey = newLicenseKey()
    await recordSeatActivity(tx, seat, 'key-regenerated', {
      actor: callerActor(locked.callerAccount, caller),
      alongside: { sql: 'update seats set license_key = $2 where id = $1', params: [seat.id, licenseKey] },
    })
    return { licenseId: seat.id, licenseKey }
  })
}
