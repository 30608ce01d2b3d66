import type { ActivityEntry } from '@/common/contract'
import type { PriceId } from '@/common/plans'
import type { MemberRole as Role } from '@/common/contract'

/**
 * One change to an owner's licenses, as it is recorded (server/kernel/activity/record.ts) in the
 * transaction that made it; mail (server/mail/) is queued from the same entry in that transaction.
 */
export interface NewActivity {
  /** The owner whose licenses changed: the activity is theirs. */
  ownerOid: string
  kind: ActivityEntry['kind']
  /** Who did it; null when billing did (a renewal, a failed payment, an expiry). */
  actor: { oid: string; name: string; email: string } | null
  priceId: PriceId | null
  /** The seat holder an assign, unassign or key change was about. */
  subjectEmail: string | null
  /** Seats a purchase, an addition or an upgrade counted. */
  seats: number | null
  /** Our subscription row the change was about, when there is one. */
  subscriptionId: string | null
  /** The feed token a `feed-token-*` entry is about, by its name (the name it had then). */
  tokenName?: string | null
  /** The role the actor acted in (an organisation's member); null or absent: a seat holder, billing, or the owner before organisations. */
  actorRole?: Role | null
  /** The role a member, an invitation or an ownership change is about. */
  role?: Role | null
  /** The seat a binding or a refused binding is about. */
  seatId?: string | null
}

/** An entry once stored. */
export interface RecordedActivity extends NewActivity {
  id: string
  at: Date
}
