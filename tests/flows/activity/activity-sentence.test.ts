import { describe, expect, it } from 'vitest'
import type { ActivityEntry } from '@/common/contract'
import { describeActivity } from '@/src/features/manage-licenses/activity.select'
import { formatDateTime } from '@/common/format'

const cara = { name: 'Cara Commercial', email: 'commercial@example.com' }
const entry = (fields: Partial<ActivityEntry> & Pick<ActivityEntry, 'kind'>): ActivityEntry => ({
  id: 'act',
  at: '2026-11-20T14:05:00.000Z',
  actor: null,
  priceId: 'commercial',
  subjectEmail: null,
  tokenName: null,
  seats: null,
  actorRole: null,
  role: null,
  ...fields,
})

describe('Recent activity in words', () => {
  it.each([
    [entry({ kind: 'purchase', actor: cara, seats: 3 }), 'Cara Commercial bought Commercial (3 licenses)'],
    [entry({ kind: 'seats-added', actor: cara, seats: 1 }), 'Cara Commercial added 1 license to Commercial'],
    [entry({ kind: 'upgrade', actor: cara, priceId: 'commercial-plus', seats: 2 }), 'Cara Commercial upgraded to Commercial Plus (2 licenses)'],
    [entry({ kind: 'assign', actor: cara, subjectEmail: 'dev1@example.com' }), 'Cara Commercial assigned a Commercial license to dev1@example.com'],
    [entry({ kind: 'unassign', actor: cara, subjectEmail: 'dev1@example.com' }), 'Cara Commercial unassigned the Commercial license of dev1@example.com'],
    [entry({ kind: 'key-regenerated', actor: cara, subjectEmail: 'dev1@example.com' }), 'Cara Commercial regenerated the key of dev1@example.com'],
    // Without a person (the billing provider's webhooks, or an actor since deleted), the sentence has no subject.
    [entry({ kind: 'purchase', seats: 3 }), 'Bought Commercial (3 licenses)'],
    [entry({ kind: 'seats-added', seats: 1 }), 'Added 1 license to Commercial'],
    [entry({ kind: 'upgrade', priceId: 'commercial-plus', seats: 2 }), 'Upgraded to Commercial Plus (2 licenses)'],
    [entry({ kind: 'assign', subjectEmail: 'dev1@example.com' }), 'A Commercial license was assigned to dev1@example.com'],
    [entry({ kind: 'unassign', subjectEmail: 'dev1@example.com' }), 'The Commercial license of dev1@example.com was unassigned'],
    [entry({ kind: 'renewal', seats: 3 }), 'Renewed Commercial (3 licenses)'],
    [entry({ kind: 'payment-failed' }), 'A payment failed for Commercial'],
    [entry({ kind: 'cancellation', actor: cara }), 'Cara Commercial set Commercial to cancel at the end of the period'],
    [entry({ kind: 'cancellation-withdrawn', actor: cara }), 'Cara Commercial withdrew the cancellation of Commercial'],
    [entry({ kind: 'expiry', seats: 3 }), 'Commercial expired (3 licenses)'],
    // Feed tokens are named by the owner; a token that ran out expired by itself.
    [entry({ kind: 'feed-token-created', actor: cara, priceId: 'commercial-plus', tokenName: 'GitHub Actions' }), "Cara Commercial created the feed token 'GitHub Actions'"],
    [entry({ kind: 'feed-token-revoked', actor: cara, priceId: 'commercial-plus', tokenName: 'GitHub Actions' }), "Cara Commercial revoked the feed token 'GitHub Actions'"],
    [entry({ kind: 'feed-token-expired', priceId: 'commercial-plus', tokenName: 'Build server' }), "The feed token 'Build server' expired"],
    [entry({ kind: 'feed-token-created', tokenName: 'GitHub Actions' }), "The feed token 'GitHub Actions' was created"],
    [entry({ kind: 'feed-token-revoked', tokenName: 'GitHub Actions' }), "The feed token 'GitHub Actions' was revoked"],
    // An entry that names no plan: the subscription and a license, each sentence with its capital.
    [entry({ kind: 'assign', actor: cara, priceId: null, subjectEmail: 'dev1@example.com' }), 'Cara Commercial assigned a license to dev1@example.com'],
    [entry({ kind: 'assign', priceId: null, subjectEmail: 'dev1@example.com' }), 'A license was assigned to dev1@example.com'],
    [entry({ kind: 'unassign', actor: cara, priceId: null, subjectEmail: 'dev1@example.com' }), 'Cara Commercial unassigned the license of dev1@example.com'],
    [entry({ kind: 'unassign', priceId: null, subjectEmail: 'dev1@example.com' }), 'The license of dev1@example.com was unassigned'],
    [entry({ kind: 'cancellation', priceId: null }), 'The subscription was set to cancel at the end of the period'],
    [entry({ kind: 'expiry', priceId: null, seats: 2 }), 'The subscription expired (2 licenses)'],
    [entry({ kind: 'renewal', priceId: null, seats: 2 }), 'Renewed the subscription (2 licenses)'],
  ])('%o reads %s', (activity, sentence) => expect(describeActivity(activity)).toBe(sentence))

  const sam = { name: 'Sam Seats', email: 'sam@example.com' }
  it.each([
    // A member other than an owner is named with their role; an owner's changes read as before.
    [entry({ kind: 'assign', actor: sam, actorRole: 'seat-manager', subjectEmail: 'dev1@example.com' }), 'Sam Seats (seat manager) assigned a Commercial license to dev1@example.com'],
    [entry({ kind: 'assign', actor: cara, actorRole: 'owner', subjectEmail: 'dev1@example.com' }), 'Cara Commercial assigned a Commercial license to dev1@example.com'],
    [entry({ kind: 'role-changed', actor: cara, actorRole: 'owner', subjectEmail: 'sam@example.com', role: 'owner' }), 'Cara Commercial (owner) made sam@example.com an owner'],
    [entry({ kind: 'role-changed', actor: cara, actorRole: 'owner', subjectEmail: 'sam@example.com', role: 'billing-manager' }), 'Cara Commercial (owner) made sam@example.com a billing manager'],
    [
      entry({ kind: 'member-removed', actor: cara, actorRole: 'owner', subjectEmail: 'sam@example.com', role: 'seat-manager' }),
      'Cara Commercial (owner) removed sam@example.com (seat manager) from the organisation',
    ],
    [entry({ kind: 'member-left', actor: sam, actorRole: 'seat-manager', subjectEmail: 'sam@example.com', role: 'seat-manager' }), 'sam@example.com (seat manager) left the organisation'],
    [
      entry({ kind: 'invitation-sent', actor: cara, actorRole: 'owner', subjectEmail: 'bea@example.com', role: 'billing-manager' }),
      'Cara Commercial (owner) invited bea@example.com as billing manager',
    ],
    [entry({ kind: 'invitation-resent', actor: cara, actorRole: 'owner', subjectEmail: 'bea@example.com' }), 'Cara Commercial (owner) sent the invitation of bea@example.com again'],
    [entry({ kind: 'invitation-accepted', actor: sam, subjectEmail: 'sam@example.com', role: 'seat-manager' }), 'sam@example.com accepted the invitation and joined as seat manager'],
    [entry({ kind: 'invitation-expired', subjectEmail: 'bea@example.com' }), 'The invitation of bea@example.com expired'],
    [entry({ kind: 'invitation-revoked', actor: cara, actorRole: 'owner', subjectEmail: 'bea@example.com' }), 'Cara Commercial (owner) revoked the invitation of bea@example.com'],
    [entry({ kind: 'ownership-offered', actor: cara, actorRole: 'owner', subjectEmail: 'sam@example.com', role: 'owner' }), 'Cara Commercial (owner) offered ownership to sam@example.com'],
    [
      entry({ kind: 'ownership-transferred', actor: sam, actorRole: 'seat-manager', subjectEmail: 'commercial@example.com', role: 'owner' }),
      'Sam Seats (seat manager) accepted ownership from commercial@example.com',
    ],
    [
      entry({ kind: 'ownership-declined', actor: sam, actorRole: 'seat-manager', subjectEmail: 'commercial@example.com' }),
      'Sam Seats (seat manager) declined the ownership offered by commercial@example.com',
    ],
    [entry({ kind: 'ownership-withdrawn', actor: cara, actorRole: 'owner', subjectEmail: 'sam@example.com' }), 'Cara Commercial (owner) withdrew the offer of ownership to sam@example.com'],
    [entry({ kind: 'seat-bound', actor: sam, subjectEmail: 'sam@example.com' }), 'The license of sam@example.com is now bound to their sign-in'],
    [entry({ kind: 'seat-refused', actor: sam, subjectEmail: 'sam@example.com' }), 'Another sign-in with the email sam@example.com was refused the license bound to its holder'],
    [entry({ kind: 'mail-deferred', subjectEmail: 'sam@example.com' }), 'Mail to sam@example.com waits until tomorrow: one message per person a day'],
    [entry({ kind: 'mail-dropped', subjectEmail: 'sam@example.com' }), "Mail to sam@example.com was not sent: the organisation's daily limit is reached"],
  ])('an organisation’s change: %o reads %s', (activity, sentence) => expect(describeActivity(activity)).toBe(sentence))

  it('says what billing did without anyone, and names someone without a name by their email', () => {
    expect(describeActivity(entry({ kind: 'cancellation' }))).toBe('Commercial was set to cancel at the end of the period')
    expect(describeActivity(entry({ kind: 'cancellation-withdrawn' }))).toBe('The cancellation of Commercial was withdrawn')
    expect(describeActivity(entry({ kind: 'key-regenerated', subjectEmail: 'dev1@example.com' }))).toBe('The key of dev1@example.com was regenerated')
    expect(describeActivity(entry({ kind: 'assign', actor: { name: ' ', email: 'owner@example.com' }, subjectEmail: 'dev1@example.com' }))).toBe(
      'owner@example.com assigned a Commercial license to dev1@example.com',
    )
    expect(describeActivity(entry({ kind: 'payment-failed', priceId: null }))).toBe('A payment failed for the subscription')
    expect(describeActivity(entry({ kind: 'feed-token-expired', tokenName: null }))).toBe("The feed token 'unnamed' expired")
  })

  it("says a token's possible leak and its resumption, and fills in what an entry leaves out", () => {
    expect(describeActivity(entry({ kind: 'feed-token-leak', tokenName: 'Build server' }))).toBe("The feed token 'Build server' was used from more networks than it allows: a possible leak")
    expect(describeActivity(entry({ kind: 'feed-token-resumed', actor: cara, tokenName: 'Build server' }))).toBe("Cara Commercial resumed the feed token 'Build server'")
    expect(describeActivity(entry({ kind: 'feed-token-resumed', tokenName: 'Build server' }))).toBe("The feed token 'Build server' was resumed")
    // A plan the catalogue no longer lists, and a holder the entry does not name.
    expect(describeActivity(entry({ kind: 'payment-failed', priceId: 'retired-plan' as ActivityEntry['priceId'] }))).toBe('A payment failed for the subscription')
    expect(describeActivity(entry({ kind: 'key-regenerated' }))).toBe('The key of a license holder was regenerated')
    // An organisation's change by no one named, by someone in no role, and of a member in none.
    expect(describeActivity(entry({ kind: 'invitation-revoked', subjectEmail: 'bea@example.com' }))).toBe('Someone revoked the invitation of bea@example.com')
    expect(describeActivity(entry({ kind: 'invitation-sent', actor: cara, subjectEmail: 'bea@example.com' }))).toBe('Cara Commercial invited bea@example.com as member')
    // A kind this portal does not know yet (a newer server): who did something, at least.
    expect(describeActivity(entry({ kind: 'something-new' as ActivityEntry['kind'], actor: cara, actorRole: 'owner' }))).toBe('Cara Commercial (owner)')
  })

  it('gives the moment as date and time in the locale and zone asked for', () => {
    expect(formatDateTime('2026-11-20T14:05:00.000Z', 'en-US', 'UTC')).toBe('Nov 20, 2026, 2:05 PM')
    expect(formatDateTime('2026-11-20T14:05:00.000Z', 'en-GB', 'Europe/London')).toBe('20 Nov 2026, 14:05')
  })
})
