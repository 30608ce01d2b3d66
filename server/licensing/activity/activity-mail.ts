import { findPlan } from '../../../common/plans'
import type { Queryable } from '../../db/database'
import type { OutgoingMail } from '../../mail/compose'
import { paymentFailedMail, purchaseMail, renewalMail, seatAssignedMail, type Person } from '../../mail/messages'
import { queueMail } from '../../mail/outbox'
import { mailSiteOrigin } from '../../mail/site-origin'
import type { RecordedActivity } from './activity-entry'

interface Facts {
  owner: Person
  planName: string
  seats: number
  periodEnd: Date | null
}

/** What the messages need of the owner and the subscription, read in the activity's transaction. */
async function readFacts(tx: Queryable, entry: RecordedActivity): Promise<Facts | null> {
  const [owner] = await tx.query<{ email: string; first_name: string; last_name: string }>('select email, first_name, last_name from accounts where oid = $1', [entry.ownerOid])
  if (!owner) return null
  const [subscription] = entry.subscriptionId
    ? await tx.query<{ price_id: string; quantity: number; current_period_end: Date }>('select price_id, quantity, current_period_end from subscriptions where id = $1', [entry.subscriptionId])
    : []
  const plan = findPlan(entry.priceId ?? subscription?.price_id ?? '')
  if (!plan) return null
  return {
    owner: { firstName: owner.first_name, lastName: owner.last_name, email: owner.email },
    planName: plan.name,
    seats: entry.seats ?? subscription?.quantity ?? 1,
    periodEnd: subscription ? new Date(subscription.current_period_end) : null,
  }
}

/** The message an activity causes, if any: assign to the assignee; purchase, renewal and a failed payment to the owner. */
function mailFor(entry: RecordedActivity, facts: Facts, origin: string): OutgoingMail | null {
  switch (entry.kind) {
    case 'assign':
      // The owner taking a seat themselves needs no letter about it.
      if (!entry.subjectEmail || entry.subjectEmail.toLowerCase() === facts.owner.email.toLowerCase()) return null
      return seatAssignedMail({ origin, assignee: entry.subjectEmail, owner: facts.owner, planName: facts.planName })
    case 'purchase':
      return purchaseMail({ origin, owner: facts.owner, planName: facts.planName, seats: facts.seats })
    case 'renewal':
      return facts.periodEnd && renewalMail({ origin, owner: facts.owner, planName: facts.planName, seats: facts.seats, expiresAt: facts.periodEnd })
    case 'payment-failed':
      return paymentFailedMail({ origin, owner: facts.owner, planName: facts.planName })
    default:
      return null
  }
}

const causesMail: ReadonlySet<RecordedActivity['kind']> = new Set(['assign', 'purchase', 'renewal', 'payment-failed'])

/**
 * Queues the mail a recorded activity causes, in the transaction that recorded it (called by
 * recordActivity): rolled back with it, sent after it commits, never holding up the request.
 */
export async function queueMailFor(tx: Queryable, entry: RecordedActivity): Promise<void> {
  if (!causesMail.has(entry.kind)) return
  const facts = await readFacts(tx, entry)
  const mail = facts && mailFor(entry, facts, mailSiteOrigin())
  if (mail) await queueMail(tx, mail, { dedupeKey: `activity:${entry.id}` })
}
