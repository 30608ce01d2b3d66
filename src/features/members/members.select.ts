import type { SnapshotFrom } from 'xstate'
import type { Invitation, Member } from '@/common/organisation-contract'
import { formatLongDate } from '@/common/format'
import { may, roleDuties, roleLabels, roleNames } from '@/common/roles'
import type { invitationAcceptanceMachine } from '@/machines/invitation-acceptance.machine'
import type { invitationsMachine } from '@/machines/invitations.machine'
import type { membersMachine } from '@/machines/members.machine'

/** A member as their row shows them. */
export function memberRow(member: Member, me: string) {
  return { oid: member.oid, name: member.name, email: member.email, role: roleLabels[member.role], isMe: member.oid === me, member }
}
export type MemberRow = ReturnType<typeof memberRow>

/** The Members page, from the machine: the list, what the caller's role allows on it, the offer of ownership, and the one dialog over it. */
export function selectMembers(snapshot: SnapshotFrom<typeof membersMachine>) {
  const { organisation, error, notice, member, me } = snapshot.context
  const idle = snapshot.matches({ ready: 'idle' })
  const owner = may(organisation?.role ?? null, 'members')
  const transfer = organisation?.transfer ?? null
  const dialog = (name: 'role' | 'remove' | 'leave' | 'transfer', busy: string) => ({
    opened: snapshot.matches({ ready: name }),
    busy: snapshot.matches({ ready: { [name]: busy } }),
    error: snapshot.matches({ ready: name }) ? error : null,
  })
  return {
    loading: snapshot.matches('loading'),
    loadError: snapshot.matches('failed') ? error : null,
    listed: snapshot.matches('ready'),
    left: snapshot.matches('left'),
    notice,
    /** A refusal of an action taken from the list (the offer's buttons). */
    error: idle ? error : null,
    isOwner: owner,
    rows: (organisation?.members ?? []).map((each) => memberRow(each, me)),
    /** The list's buttons take a click while no dialog is open and nothing is sent. */
    actionsEnabled: idle,
    canLeave: snapshot.can({ type: 'leave.request' }),
    canTransfer: snapshot.can({ type: 'transfer.open' }),
    transfer: transfer && {
      from: transfer.from.name,
      to: transfer.to.name,
      at: formatLongDate(transfer.at),
      toMe: transfer.to.oid === me,
      becomes: transfer.formerOwnerBecomes ? `becomes a ${roleNames[transfer.formerOwnerBecomes]}` : 'leaves the organisation',
      canWithdraw: owner,
      withdrawing: snapshot.matches({ ready: 'withdrawing' }),
      accepting: snapshot.matches({ ready: 'accepting' }),
      declining: snapshot.matches({ ready: 'declining' }),
    },
    role: { ...dialog('role', 'saving'), member: member && memberRow(member, me) },
    remove: { ...dialog('remove', 'removing'), member: member && memberRow(member, me) },
    leave: dialog('leave', 'leaving'),
    offer: { ...dialog('transfer', 'offering'), candidates: (organisation?.members ?? []).filter((each) => each.oid !== me).map((each) => memberRow(each, me)) },
  }
}

/** An invitation as its row shows it: to whom, in which role, from whom, and until when it works. */
export function invitationRow(invitation: Invitation) {
  const expires = formatLongDate(invitation.expiresAt)
  return {
    id: invitation.id,
    email: invitation.email,
    role: roleLabels[invitation.role],
    invitedBy: invitation.invitedBy ?? '',
    expires: invitation.status === 'expired' ? `Expired on ${expires}` : expires,
    invitation,
  }
}
export type InvitationRow = ReturnType<typeof invitationRow>

/** An owner's invitations, from the machine: the list and the dialogs over it. */
export function selectInvitations(snapshot: SnapshotFrom<typeof invitationsMachine>) {
  const { invitations, error, notice, invitation } = snapshot.context
  const inviting = snapshot.matches({ ready: 'inviting' })
  const revoking = snapshot.matches({ ready: 'revoking' })
  return {
    loading: snapshot.matches('loading'),
    loadError: snapshot.matches('failed') ? error : null,
    listed: snapshot.matches('ready'),
    rows: invitations.map(invitationRow),
    notice,
    error: snapshot.matches({ ready: 'idle' }) ? error : null,
    actionsEnabled: snapshot.matches({ ready: 'idle' }),
    /** The invitation being sent again. */
    resending: snapshot.matches({ ready: 'resending' }) ? invitation?.id : undefined,
    invite: { opened: inviting, sending: snapshot.matches({ ready: { inviting: 'sending' } }), error: inviting ? error : null },
    revoke: revoking && invitation ? { row: invitationRow(invitation), removing: snapshot.matches({ ready: { revoking: 'removing' } }), error } : null,
  }
}

/** An invitation's page, from the machine: what it offers, and where the person stands with it. */
export function selectInvitationAcceptance(snapshot: SnapshotFrom<typeof invitationAcceptanceMachine>) {
  const { offer, error } = snapshot.context
  const busy = snapshot.matches('accepting') || snapshot.matches('joining')
  return {
    loading: snapshot.matches('loading'),
    loadError: snapshot.matches('failed') ? error : null,
    offer: offer && {
      organisation: offer.organisation,
      invitedBy: offer.invitedBy,
      role: roleNames[offer.role],
      duties: roleDuties[offer.role],
      expires: formatLongDate(offer.expiresAt),
    },
    /** The offer with Accept and Decline, until it is answered. */
    asks: snapshot.matches('offered') || busy,
    busy,
    error: snapshot.matches('offered') ? error : null,
    accepted: snapshot.matches('accepted'),
    declined: snapshot.matches('declined'),
  }
}
