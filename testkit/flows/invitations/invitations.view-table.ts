/** What an owner's Invitations show in each state of the invitations machine, written from issue 30's rules. */
import type { EventObject } from 'xstate'
import type { InvitationsHeld } from './invitations.oracle'
import type { StateView, ViewTable } from '@/testkit/views/view-table'

/** Each invitation's row: email, role, who sent it, until when it works (or since when it does not). */
const rowTexts: Record<string, (expiresAt: string) => string[]> = {
  inv_dana: () => ['dana@example.com', 'Seat manager', 'December 4, 2026'],
  inv_eve: (expiresAt) => ['eve@example.com', expiresAt.startsWith('2026-10') ? 'Expired on October 15, 2026' : 'December 9, 2026'],
  inv_finn: () => ['finn@example.com', 'December 9, 2026'],
}
const emails: Record<string, string> = { inv_dana: 'dana@example.com', inv_eve: 'eve@example.com', inv_finn: 'finn@example.com' }
const empty = 'No invitations waiting.'
const invite = 'Invite member'

/** The list: its rows with Resend and Revoke, or the empty text. */
function list({ invitations, notice }: InvitationsHeld, busy: boolean): StateView {
  const buttons = invitations.flatMap((invitation) => [`Resend invitation to ${invitation.email}`, `Revoke invitation to ${invitation.email}`])
  const gone = Object.keys(emails).filter((id) => !invitations.some((invitation) => invitation.id === id))
  return {
    shows: ['Invitations', ...(invitations.length ? invitations.flatMap((invitation) => rowTexts[invitation.id]!(invitation.expiresAt)) : [empty]), ...(notice ? [notice] : [])],
    hides: [...(invitations.length ? [empty] : []), ...gone.map((id) => emails[id]!)],
    ...(busy ? { disabled: [invite, ...buttons] } : { enabled: [invite, ...buttons] }),
  }
}

/** What the owner typed since the dialog opened: it stays through a refusal; a new opening starts empty. */
function typed(sent: readonly EventObject[]): string {
  const opened = sent.map((event) => event.type).lastIndexOf('invite.open')
  const drafts = sent.slice(opened).filter((event) => event.type === 'invite.submit') as (EventObject & { draft: { email: string } })[]
  return drafts.at(-1)?.draft.email ?? ''
}

const failure = ({ error }: InvitationsHeld) => (error ? [error] : [])
const over = (held: InvitationsHeld, name: string, view: StateView): StateView => {
  const under = list(held, true)
  return { ...view, shows: [...under.shows!, ...(view.shows ?? [])], hides: under.hides, disabled: [...under.disabled!, ...(view.disabled ?? [])], dialogs: [name], alerts: failure(held) }
}

export const invitationsViewTable: ViewTable<InvitationsHeld> = {
  'invitations.loading': { shows: ['Invitations'], hides: [empty], absent: [invite, 'Try again'], dialogs: [], alerts: [] },
  'invitations.failed': (_, { error }) => ({ alerts: [`The invitations could not be loaded${error}Try again`], enabled: ['Try again'], absent: [invite], hides: [empty] }),
  // A refused Resend says why over the list.
  'invitations.ready.idle': (_, held) => ({ ...list(held, false), dialogs: [], alerts: failure(held) }),
  'invitations.ready.resending': (_, held) => ({ ...list(held, true), dialogs: [], alerts: [] }),
  'invitations.ready.inviting.editing': (sent, held) => over(held, 'Invite member', { fields: { Email: typed(sent) }, enabled: ['Send invitation', 'Cancel'] }),
  'invitations.ready.inviting.sending': (sent, held) => over(held, 'Invite member', { fields: { Email: typed(sent) }, disabled: ['Send invitation', 'Cancel'] }),
  'invitations.ready.revoking.confirming': (_, held) =>
    over(held, 'Revoke invitation', { shows: [`Revoke the invitation to ${held.invitation!.email}? Its link accepts nothing from then on.`], enabled: ['Revoke', 'Cancel'] }),
  'invitations.ready.revoking.removing': (_, held) => over(held, 'Revoke invitation', { disabled: ['Revoke', 'Cancel'] }),
}
