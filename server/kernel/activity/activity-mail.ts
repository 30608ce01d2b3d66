import { findPlan } from '@/common/plans'
import type { Queryable } from '@/server/db/database'
import type { OutgoingMail, Person } from '@/server/mail/compose'
import { paymentFailedMail, purchaseMail, renewalMail, seatAssignedMail } from '@/server/mail/messages'
import { queueCappedMail, type MailPurpose } from '../mail-caps'
import { queueMail } from '@/server/mail/outbox'
import { mailSiteOrigin } from '@/server/mail/site-origin'
import { contactsOf, contactsSql } from '../organisation-contacts'
import type { NewActivity, RecordedActivity } from './activity-entry'

/** What an activity's mail says of the owner and the subscription, and whom billing mail goes to (organisation-contacts.ts). */
export interface Facts {
  owner: Person
  contacts: Person[]
  planName: string
  seats: number
  periodEnd: Date | null
}

/** The rows the facts come from: the owner's account, the activity's subscription when it has one, and the billing contacts when read. */
export interface FactRows {
  owner: { email: string; first_name: string; last_name: string } | undefined
  contacts?: Person[] | string
  subscription: { price_id: string; quantity: number; current_period_end: Date } | undefined
}

/** The facts from rows read already (by readFacts, or by the statement that made the change); null when no mail can be written. */
export function factsFrom(entry: NewActivity, { owner, subscription, contacts }: FactRows): Facts | null {
  if (!owner) return null
  const plan = findPlan(entry.priceId ?? subscription?.price_id ?? '')
  if (!plan) return null
  return {
    owner: { firstName: owner.first_name, lastName: owner.last_name, email: owner.email },
    contacts: contactsOf(contacts),
    planName: plan.name,
    seats: entry.seats ?? subscription?.quantity ?? 1,
    periodEnd: subscription ? new Date(subscription.current_period_end) : null,
  }
}

/** What the messages need of the owner, the subscription and the billing contacts, read in the activity's transaction (one statement). */
export async function readFacts(tx: Queryable, entry: NewActivity): Promise<Facts | null> {
  const [row] = await tx.query<{ email: string; first_name: string; last_name: string; price_id: string | null; quantity: number; current_period_end: Date; contacts: Person[] | string }>(
    `select owners.email, owners.first_name, owners.last_name, subscriptions.price_id, subscriptions.quantity, subscriptions.current_period_end,
            ${contactsSql('owners.oid', 'billing')} as contacts
       from accounts owners left join subscriptions on subscriptions.id = $2 where owners.oid = $1`,
    [entry.ownerOid, entry.subscriptionId],
  )
  // price_id is not null in the table: null here means no such subscription.
  const subscription = row?.price_id ? { price_id: row.price_id, quantity: row.quantity, current_period_end: row.current_period_end } : undefined
  return factsFrom(entry, { owner: row, subscription, contacts: row?.contacts })
}

/** The message an activity causes, if any: assign to the assignee; purchase, renewal and a failed payment to the billing contacts. */
function mailFor(entry: NewActivity, facts: Facts, origin: string): OutgoingMail | null {
  const to = facts.contacts
  if (entry.kind !== 'assign' && !to.length) return null
  switch (entry.kind) {
    case 'assign':
      // The owner taking a seat themselves needs no letter about it.
      if (!entry.subjectEmail || entry.subjectEmail.toLowerCase() === facts.owner.email.toLowerCase()) return null
      return seatAssignedMail({ origin, assignee: entry.subjectEmail, owner: facts.owner, planName: facts.planName })
    case 'purchase':
      return purchaseMail({ origin, to, planName: facts.planName, seats: facts.seats })
    case 'renewal':
      return facts.periodEnd && renewalMail({ origin, to, planName: facts.planName, seats: facts.seats, expiresAt: facts.periodEnd })
    case 'payment-failed':
      return paymentFailedMail({ origin, to, planName: facts.planName })
    default:
      return null
  }
}

// A feed token's creation and revocation are the owner's own doing, and its expiry was announced 14
// days before (server/feed/feed-token-expiry.ts): none of them mails anybody.
const causesMail: ReadonlySet<RecordedActivity['kind']> = new Set(['assign', 'purchase', 'renewal', 'payment-failed'])

/** Whether an activity of this kind may cause mail (only then are its facts read). */
export const mayCauseMail = (kind: NewActivity['kind']) => causesMail.has(kind)

/** The mail an activity causes, composed from its facts; null when it causes none. */
export function activityMail(entry: NewActivity, facts: Facts | null): OutgoingMail | null {
  if (!mayCauseMail(entry.kind) || !facts) return null
  return mailFor(entry, facts, mailSiteOrigin())
}

/**
 * The kinds whose mail goes to someone other than the owner (a seat's assignee): it is capped per
 * organisation (server/kernel/mail-caps.ts), in the statement that records the entry.
 */
const cappedPurpose: Partial<Record<NewActivity['kind'], MailPurpose>> = { assign: 'seat-assigned' }
export const cappedPurposeOf = (kind: NewActivity['kind']) => cappedPurpose[kind]

/** The dedupe key of an activity's mail: queued at most once per entry. */
export const activityMailKey = (activityId: string) => `activity:${activityId}`

/**
 * Queues the mail a recorded activity causes, in the transaction that recorded it: rolled back
 * with it, sent after it commits, never holding up the request. (recordActivity queues it in its
 * own statement; this is for an entry recorded already.)
 */
export async function queueMailFor(tx: Queryable, entry: RecordedActivity): Promise<void> {
  if (!mayCauseMail(entry.kind)) return
  const mail = activityMail(entry, await readFacts(tx, entry))
  const purpose = cappedPurposeOf(entry.kind)
  if (mail && purpose) await queueCappedMail(tx, entry.ownerOid, purpose, mail)
  else if (mail) await queueMail(tx, mail, { dedupeKey: activityMailKey(entry.id) })
}
