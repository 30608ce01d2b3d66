import { findPlan } from '@/common/plans'
import type { Database } from '../db/database'
import { queueCappedMail, type CappedOutcome } from '../kernel/mail-caps'
import { seatAssignedMail } from '../mail/messages'
import { mailSiteOrigin } from '../mail/site-origin'
import { conflict, notFound } from '../kernel/refusal'

/**
 * Sends a pending seat's mail again ('Resend' in Manage Licenses): to the email it is assigned to,
 * while its holder has not signed in, within the organisation's mail caps (server/kernel/mail-caps.ts).
 * The organisation's account row is locked first, as an assignment locks it, so the caps count
 * every message of the organisation.
 */
export async function resendSeatMail(db: Database, organisation: string, seatId: string): Promise<{ licenseId: string; mail: CappedOutcome }> {
  return db.transaction(async (tx) => {
    const [seat] = await tx.query<{ email: string; first_name: string; last_name: string; assignee_email: string | null; holder_oid: string | null; price_id: string }>(
      `select owners.email, owners.first_name, owners.last_name, seats.assignee_email, seats.holder_oid, subscriptions.price_id
         from accounts owners join subscriptions on subscriptions.owner_oid = owners.oid join seats on seats.subscription_id = subscriptions.id
        where owners.oid = $1 and seats.id = $2 for update of owners`,
      [organisation, seatId],
    )
    if (!seat?.assignee_email) throw notFound('The license')
    if (seat.holder_oid) throw conflict(`${seat.assignee_email} has signed in already: the license is theirs, and there is nothing to send again.`)
    const owner = { firstName: seat.first_name, lastName: seat.last_name, email: seat.email }
    const mail = seatAssignedMail({ origin: mailSiteOrigin(), assignee: seat.assignee_email, owner, planName: findPlan(seat.price_id)?.name ?? seat.price_id })
    return { licenseId: seatId, mail: await queueCappedMail(tx, organisation, 'seat-assigned', mail) }
  })
}
