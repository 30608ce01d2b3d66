import type { SnapshotFrom } from 'xstate'
import type { activityMachine } from '@/machines/activity.machine'
import type { ActivityEntry } from '@/common/contract'
import { findPlan } from '@/common/plans'
import { formatDateTime } from '@/common/format'
import { roleNames } from '@/common/roles'

/** A sentence's first word with its capital: 'the subscription' opens one as 'The subscription'. */
const capitalised = (words: string) => words.charAt(0).toUpperCase() + words.slice(1)
const licenses = (count: number) => `${count} ${count === 1 ? 'license' : 'licenses'}`

/**
 * One entry in words: 'Cara Commercial assigned a Commercial license to dev1@example.com'. Who did
 * it leads the sentence; billing's own changes (a renewal, a failed payment) have no one.
 */
export function describeActivity(entry: ActivityEntry): string {
  const person = entry.actor ? entry.actor.name.trim() || entry.actor.email : null
  // A member other than an owner is named with their role (an owner's changes read as before organisations).
  const who = person && entry.actorRole && entry.actorRole !== 'owner' ? `${person} (${roleNames[entry.actorRole]})` : person
  // An entry that names no plan speaks of 'the subscription', and of its seat as 'a license'.
  const planName = (entry.priceId && findPlan(entry.priceId)?.name) || undefined
  const plan = planName ?? 'the subscription'
  const aLicense = planName ? `a ${planName} license` : 'a license'
  const theLicense = planName ? `the ${planName} license` : 'the license'
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
      return who ? `${who} assigned ${aLicense} to ${holder}` : `${capitalised(aLicense)} was assigned to ${holder}`
    case 'unassign':
      return who ? `${who} unassigned ${theLicense} of ${holder}` : `${capitalised(theLicense)} of ${holder} was unassigned`
    case 'key-regenerated':
      return who ? `${who} regenerated the key of ${holder}` : `The key of ${holder} was regenerated`
    case 'renewal':
      return `Renewed ${plan} (${licenses(seats)})`
    case 'payment-failed':
      return `A payment failed for ${plan}`
    case 'cancellation':
      return who ? `${who} set ${plan} to cancel at the end of the period` : `${capitalised(plan)} was set to cancel at the end of the period`
    case 'cancellation-withdrawn':
      return who ? `${who} withdrew the cancellation of ${plan}` : `The cancellation of ${plan} was withdrawn`
    case 'expiry':
      return `${capitalised(plan)} expired (${licenses(seats)})`
    case 'feed-token-created':
      return who ? `${who} created the feed token ${token}` : `The feed token ${token} was created`
    case 'feed-token-revoked':
      return who ? `${who} revoked the feed token ${token}` : `The feed token ${token} was revoked`
    case 'feed-token-expired':
      return `The feed token ${token} expired`
    case 'feed-token-leak':
      return `The feed token ${token} was used from more networks than it allows: a possible leak`
    case 'feed-token-resumed':
      return who ? `${who} resumed the feed token ${token}` : `The feed token ${token} was resumed`
    default:
      return describeOrganisationActivity(entry, person, holder)
  }
}

const roleName = (role: ActivityEntry['role']) => (role ? roleNames[role] : 'member')

/** An organisation's changes in words (issue 30): who did it, in which role, to whom. */
function describeOrganisationActivity(entry: ActivityEntry, who: string | null, subject: string): string {
  const by = who ? `${who}${entry.actorRole ? ` (${roleNames[entry.actorRole]})` : ''}` : 'Someone'
  const role = roleName(entry.role)
  switch (entry.kind) {
    case 'role-changed':
      return `${by} made ${subject} ${role === 'owner' ? 'an' : 'a'} ${role}`
    case 'member-removed':
      return `${by} removed ${subject} (${role}) from the organisation`
    case 'member-left':
      return `${subject} (${role}) left the organisation`
    case 'invitation-sent':
      return `${by} invited ${subject} as ${role}`
    case 'invitation-resent':
      return `${by} sent the invitation of ${subject} again`
    case 'invitation-accepted':
      return `${subject} accepted the invitation and joined as ${role}`
    case 'invitation-expired':
      return `The invitation of ${subject} expired`
    case 'invitation-revoked':
      return `${by} revoked the invitation of ${subject}`
    case 'ownership-offered':
      return `${by} offered ownership to ${subject}`
    case 'ownership-transferred':
      return `${by} accepted ownership from ${subject}`
    case 'ownership-declined':
      return `${by} declined the ownership offered by ${subject}`
    case 'ownership-withdrawn':
      return `${by} withdrew the offer of ownership to ${subject}`
    case 'seat-bound':
      return `The license of ${subject} is now bound to their sign-in`
    case 'seat-refused':
      return `Another sign-in with the email ${subject} was refused the license bound to its holder`
    case 'mail-deferred':
      return `Mail to ${subject} waits until tomorrow: one message per person a day`
    case 'mail-dropped':
      return `Mail to ${subject} was not sent: the organisation's daily limit is reached`
    default:
      return by
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
