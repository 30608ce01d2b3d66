import type { SnapshotFrom } from 'xstate'
import type { activityMachine } from '../../../machines/activity.machine'
import type { ActivityEntry } from '../../../common/contract'
import { findPlan } from '../../../common/plans'
import { formatDateTime } from '../../../common/format'

const licenses = (count: number) => `${count} ${count === 1 ? 'license' : 'licenses'}`

/**
 * One entry in words: 'Cara Commercial assigned a Commercial license to dev1@example.com'. Who did
 * it leads the sentence; billing's own changes (a renewal, a failed payment) have no one.
 */
export function describeActivity(entry: ActivityEntry): string {
  const who = entry.actor ? entry.actor.name.trim() || entry.actor.email : null
  const plan = (entry.priceId && findPlan(entry.priceId)?.name) ?? 'the subscription'
  const seats = entry.seats ?? 0
  const holder = entry.subjectEmail ?? 'a license holder'
  const token = `'${entry.tokenName ?? 'unnamed'}'`
  switch (entry.kind) {
    case 'purchase':
      return who ? `${who} bought ${plan} (${licenses(seats)})` : `Bought ${plan} (${licenses(seats)})`
    case 'seats-added':
      return who ? `${who} added ${licenses(seats)} to ${plan}` : `Added ${licenses(seats)} to ${plan}`
    case 'upgrade':
      return who ? `${who} upgraded to ${plan} (${licenses(seats)})` : `Upgraded to ${plan} (${licenses(seats)})`
    case 'assign':
      return who ? `${who} assigned a ${plan} license to ${holder}` : `A ${plan} license was assigned to ${holder}`
    case 'unassign':
      return who ? `${who} unassigned the ${plan} license of ${holder}` : `The ${plan} license of ${holder} was unassigned`
    case 'key-regenerated':
      return who ? `${who} regenerated the key of ${holder}` : `The key of ${holder} was regenerated`
    case 'renewal':
      return `Renewed ${plan} (${licenses(seats)})`
    case 'payment-failed':
      return `A payment failed for ${plan}`
    case 'cancellation':
      return who ? `${who} set ${plan} to cancel at the end of the period` : `${plan} was set to cancel at the end of the period`
    case 'cancellation-withdrawn':
      return who ? `${who} withdrew the cancellation of ${plan}` : `The cancellation of ${plan} was withdrawn`
    case 'expiry':
      return `${plan} expired (${licenses(seats)})`
    case 'feed-token-created':
      return who ? `${who} created the feed token ${token}` : `The feed token ${token} was created`
    case 'feed-token-revoked':
      return who ? `${who} revoked the feed token ${token}` : `The feed token ${token} was revoked`
    case 'feed-token-expired':
      return `The feed token ${token} expired`
  }
}

/** Recent activity below the table: the entries in words, each with its moment in the viewer's locale. */
export function selectActivity(snapshot: SnapshotFrom<typeof activityMachine>) {
  const { entries, nextCursor, error } = snapshot.context
  const loadingMore = snapshot.matches({ shown: 'loadingMore' })
  return {
    /** A placeholder only while nothing is shown yet; a refresh keeps the entries in view. */
    loading: snapshot.matches('loading') && entries.length === 0,
    refreshing: snapshot.matches('loading') && entries.length > 0,
    empty: snapshot.matches('empty'),
    error: snapshot.matches('failed') ? error : null,
    moreError: snapshot.matches({ shown: 'moreFailed' }) ? error : null,
    entries: entries.map((entry) => ({ id: entry.id, text: describeActivity(entry), at: entry.at, when: formatDateTime(entry.at) })),
    showMore: (snapshot.matches('shown') && nextCursor !== null) || loadingMore,
    loadingMore,
  }
}
