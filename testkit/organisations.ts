/** An organisation's people and standings for the tests of its flows (issue 30): Cara owns it, Bea runs its billing, Sam its seats. */
import type { Invitation, InvitationOffer, Member, Organisation } from '../common/organisation-contract'

export const cara: Member = { oid: 'oid-cara', name: 'Cara Commercial', email: 'commercial@example.com', role: 'owner' }
export const bea: Member = { oid: 'oid-bea', name: 'Bea Billing', email: 'bea@example.com', role: 'billing-manager' }
export const sam: Member = { oid: 'oid-sam', name: 'Sam Seats', email: 'sam@example.com', role: 'seat-manager' }

/** The organisation bought Commercial and is a payment customer. */
const billing = { allowedPriceId: 'commercial', hasStripeAccount: true } as const

/** Cara bought alone: she is her organisation's owner, nobody else a member yet. */
export const personalOrganisation: Organisation = { role: 'owner', personal: true, members: [cara], transfer: null, ...billing }
/** The three of them, as Cara sees it. */
export const team: Organisation = { role: 'owner', personal: false, members: [cara, bea, sam], transfer: null, ...billing }
export const teamAs = (role: Member['role']): Organisation => ({ ...team, role })
/** Someone who left the organisation their account keys: no organisation at all. */
export const noOrganisation: Organisation = { role: null, personal: false, members: [], transfer: null, allowedPriceId: null, hasStripeAccount: false }

export const pendingInvitation: Invitation = {
  id: 'inv_dana',
  email: 'dana@example.com',
  role: 'seat-manager',
  invitedBy: 'Cara Commercial',
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2026-12-04T10:00:00.000Z',
  status: 'pending',
}
export const expiredInvitation: Invitation = {
  ...pendingInvitation,
  id: 'inv_eve',
  email: 'eve@example.com',
  role: 'billing-manager',
  createdAt: '2026-10-01T10:00:00.000Z',
  expiresAt: '2026-10-15T10:00:00.000Z',
  status: 'expired',
}

export const offer: InvitationOffer = { organisation: 'Contoso', role: 'billing-manager', invitedBy: 'Cara Commercial', expiresAt: '2026-12-04T10:00:00.000Z' }

/** Cara offered Bea her ownership; once Bea accepts, Cara becomes a billing manager. */
export const offeredToBea: Organisation = { ...team, transfer: { from: cara, to: bea, formerOwnerBecomes: 'billing-manager', at: '2026-11-24T09:00:00.000Z' } }
/** As Cara sees it when she is a seat manager and Bea, the owner, offers her the ownership. */
export const offeredToCara: Organisation = {
  ...team,
  role: 'seat-manager',
  members: [{ ...bea, role: 'owner' }, { ...cara, role: 'seat-manager' }, sam],
  transfer: { from: { ...bea, role: 'owner' }, to: { ...cara, role: 'seat-manager' }, formerOwnerBecomes: null, at: '2026-11-24T09:00:00.000Z' },
}
/** Once Cara accepted: she owns it, and Bea (who chose to leave) is gone. */
export const acceptedByCara: Organisation = { ...team, role: 'owner', members: [cara, sam], transfer: null }

/** The API's refusals in its words (spec section 8: a body's message is shown as it is). */
export const refusals = {
  lastOwnerLeaves: 'An organisation needs an owner: make another member an owner before you leave.',
  lastOwnerRole: 'An organisation needs an owner: make another member an owner before you change the role of the last one.',
  memberGone: 'The member was not found.',
  offerWaiting: 'An offer of ownership is waiting already: withdraw it before you make another.',
  offerGone: 'The offer of ownership was not found.',
  offerVoid: 'This offer of ownership is void: the member who made it is no longer an owner.',
  invitedAlready: 'dana@example.com is invited already: send the invitation again instead.',
  invitationGone: 'The invitation was not found.',
  offline: 'There was a problem connecting to the server. Please try again.',
} as const
