import type { RegeneratedKey } from '@/common/contract'
import { callerActor } from '../kernel/activity/actor'
import type { Database, Queryable } from '../db/database'
import { newLicenseKey } from './license-keys'
import { conflict, notFound, Refusal } from '../kernel/refusal'
import { lockSeat, recordSeatActivity } from './seat-activity'
import { isLive } from './standing'
import { may, permissions } from '../organisations/roles'
import { holds, type Holder } from '../organisations/seat-holder'
import type { Standing } from '../organisations/standing'

/**
 * Gives an assigned seat a new license key, for its holder or its organisation's owners and seat managers, in one
 * transaction with its activity. The old key stops working at once: the feed check reads the seat's key.
 * Two statements: the seat locked and read (with the caller's account, the activity's actor), then the
 * new key and the activity, once the checks passed in between; for someone other than its holder, the
 * caller's standing read between them (`standingIn`, their membership locked: decision 0040), since
 * the one the instance keeps may be stale.
 */
export async function regenerateKey(db: Database, caller: Holder, standingIn: (tx: Queryable) => Promise<Standing>, licenseId: string): Promise<RegeneratedKey> {
  return db.transaction(async (tx) => {
    const locked = await lockSeat(tx, licenseId, caller.oid)
    const seat = locked?.seat
    const asHolder = Boolean(seat && holds(caller, seat))
    const standing = seat && !asHolder ? await standingIn(tx) : null
    const ofItsOrganisation = Boolean(seat && standing && seat.owner.oid === standing.organisation)
    const managerRole = ofItsOrganisation && standing && may(standing.role, 'seats') ? standing.role : null
    // A member of its organisation without the seats permission is told so; anyone else learns
    // nothing, not even that the seat exists; nor does a free seat have a key in use.
    if (ofItsOrganisation && !managerRole) throw new Refusal('forbidden', permissions.seats.refusal)
    if (!seat || !seat.holderEmail || !(asHolder || managerRole)) throw notFound('The license')
    // Its holder and owner still see an ended seat (marked expired, without a key): 409 tells them why, where 404 would contradict the page.
    if (!isLive(seat.status)) throw conflict('This license has expired: an expired license has no key to regenerate.')
    const licenseKey = newLicenseKey()
    await recordSeatActivity(tx, seat, 'key-regenerated', {
      actor: callerActor(locked.callerAccount, caller),
      actorRole: managerRole,
      alongside: { sql: 'update seats set license_key = $2 where id = $1', params: [seat.id, licenseKey] },
    })
    return { licenseId: seat.id, licenseKey }
  })
}
