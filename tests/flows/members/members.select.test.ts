import { describe, expect, it } from 'vitest'
import type { SnapshotFrom } from 'xstate'
import type { Invitation } from '@/common/organisation-contract'
import { invitationAcceptanceMachine } from '@/machines/invitation-acceptance.machine'
import { invitationsMachine } from '@/machines/invitations.machine'
import { membersMachine } from '@/machines/members.machine'
import { invitationRow, selectInvitationAcceptance, selectInvitations, selectMembers } from '@/src/features/members/members.select'
import { bea, cara, offer, offeredToBea, pendingInvitation, team } from '@/testkit/organisations'
import { selectedIn } from '@/testkit/selected-in'

const invitation: Invitation = {
  id: 'inv_1',
  email: 'dev@example.com',
  role: 'seat-manager',
  invitedBy: 'Olivia Owner',
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2026-12-04T10:00:00.000Z',
  status: 'pending',
}

/** An invitation's row: from whom, and until when. */
describe("an invitation's row", () => {
  it('names who sent it, and leaves the cell empty when their account is gone', () => {
    expect(invitationRow(invitation)).toMatchObject({ email: 'dev@example.com', invitedBy: 'Olivia Owner', expires: 'December 4, 2026' })
    expect(invitationRow({ ...invitation, invitedBy: null }).invitedBy).toBe('')
    expect(invitationRow({ ...invitation, status: 'expired' }).expires).toBe('Expired on December 4, 2026')
  })
})

/** The Members page in each state: the list, and each dialog's contents and error only while it is open. */
describe('the Members page, state by state', () => {
  type Context = SnapshotFrom<typeof membersMachine>['context']
  const context: Context = { me: cara.oid, organisation: team, error: 'Try again.', notice: null, member: bea }
  const pageIn = selectedIn(membersMachine, selectMembers, context)

  it('says why the members could not be read only when they could not, and lists no one before they are', () => {
    expect(pageIn('failed', { organisation: null })).toMatchObject({ loadError: 'Try again.', listed: false, rows: [] })
    expect(pageIn('loading', { organisation: null })).toMatchObject({ loading: true, loadError: null, rows: [] })
    expect(pageIn('loading', { organisation: null }).offer.candidates).toEqual([])
  })

  it('opens one dialog at a time, with its error and its busy state', () => {
    const roleDialog = pageIn({ ready: { role: 'editing' } })
    expect(roleDialog.role).toMatchObject({ opened: true, busy: false, error: 'Try again.' })
    expect(roleDialog.remove).toEqual({ opened: false, busy: false, error: null, member: expect.anything() })
    expect(pageIn({ ready: { role: 'saving' } }).role).toMatchObject({ opened: true, busy: true })
    expect(pageIn({ ready: 'idle' }).role).toMatchObject({ opened: false, busy: false, error: null })
  })

  it('offers ownership to everyone but the caller', () => {
    expect(pageIn({ ready: { transfer: 'editing' } }).offer.candidates.map((row) => row.name)).toEqual(['Bea Billing', 'Sam Seats'])
  })

  it('says what the former owner becomes, or that they leave', () => {
    expect(pageIn({ ready: 'idle' }, { organisation: offeredToBea }).transfer).toMatchObject({ from: 'Cara Commercial', to: 'Bea Billing', becomes: 'becomes a billing manager' })
    const leaving = { ...offeredToBea, transfer: { ...offeredToBea.transfer!, formerOwnerBecomes: null } }
    expect(pageIn({ ready: 'idle' }, { organisation: leaving }).transfer).toMatchObject({ becomes: 'leaves the organisation' })
  })

  it("shows the offer's withdrawal, acceptance and declining in progress each in its own state only", () => {
    const busy = (state: Parameters<typeof pageIn>[0]) => {
      const { withdrawing, accepting, declining } = pageIn(state, { organisation: offeredToBea }).transfer!
      return { withdrawing, accepting, declining }
    }
    expect(busy({ ready: 'idle' })).toEqual({ withdrawing: false, accepting: false, declining: false })
    expect(busy({ ready: 'withdrawing' })).toEqual({ withdrawing: true, accepting: false, declining: false })
    expect(busy({ ready: 'accepting' })).toEqual({ withdrawing: false, accepting: true, declining: false })
    expect(busy({ ready: 'declining' })).toEqual({ withdrawing: false, accepting: false, declining: true })
  })
})

/** The owner's invitations in each state: the load error, the one being sent again, each dialog only while open. */
describe('the invitations, state by state', () => {
  type Context = SnapshotFrom<typeof invitationsMachine>['context']
  const context: Context = { invitations: [pendingInvitation], error: 'Try again.', notice: null, request: null, invitation: pendingInvitation }
  const listIn = selectedIn(invitationsMachine, selectInvitations, context)

  it('says why the invitations could not be read only when they could not', () => {
    expect(listIn('failed').loadError).toBe('Try again.')
    expect(listIn('loading')).toMatchObject({ loading: true, loadError: null })
  })

  it('marks the invitation being sent again, and none otherwise', () => {
    expect(listIn({ ready: 'resending' }).resending).toBe(pendingInvitation.id)
    expect(listIn({ ready: 'resending' }, { invitation: null }).resending).toBeUndefined()
    expect(listIn({ ready: 'idle' })).toMatchObject({ resending: undefined, error: 'Try again.', actionsEnabled: true })
  })
})

/** An invitation's own page in each state. */
describe("the invitation's page, state by state", () => {
  type Context = SnapshotFrom<typeof invitationAcceptanceMachine>['context']
  const pageIn = selectedIn(invitationAcceptanceMachine, selectInvitationAcceptance, { secret: 's', offer, error: 'Try again.' } satisfies Context)

  it('says why the invitation could not be read only when it could not', () => {
    expect(pageIn('failed').loadError).toBe('Try again.')
    expect(pageIn('loading')).toMatchObject({ loading: true, loadError: null })
    expect(pageIn('offered')).toMatchObject({ loadError: null, asks: true, busy: false, error: 'Try again.' })
  })
})
