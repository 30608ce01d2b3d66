import type { EventObject } from 'xstate'
import { fieldLimits } from '@/common/contract'
import type { Invitation, InviteRequest } from '@/common/organisation-contract'
import { answerOf, shownMessage, type Expected, type Oracle } from '@/testkit/model/oracle'

/** What the invitations hold that an owner notices: the list, the message, the notice, what was sent, the invitation a dialog is about. */
export interface InvitationsHeld {
  invitations: Invitation[]
  error: string | null
  notice: string | null
  request: InviteRequest | null
  invitation: Invitation | null
}

const at = 'invitations'
const idle = `${at}.ready.idle`
const dialogs = [`${at}.ready.inviting.editing`, `${at}.ready.revoking.confirming`]
const awaitedIn = {
  loadInvitations: `${at}.loading`,
  invite: `${at}.ready.inviting.sending`,
  resendInvitation: `${at}.ready.resending`,
  revokeInvitation: `${at}.ready.revoking.removing`,
}
const refusedTo: Record<string, string> = {
  loadInvitations: `${at}.failed`,
  invite: `${at}.ready.inviting.editing`,
  resendInvitation: idle,
  revokeInvitation: `${at}.ready.revoking.confirming`,
}
/**
 * The invitation as it is sent, or null when the dialog must say why instead (the spec's field
 * rules, written here rather than taken from the contract's schema the machine checks with): an
 * address, trimmed, of at most 254 characters, with a name, an '@' and a domain with a dot, and
 * one of the three roles.
 */
function inviteOf(draft: { email: string; role: string }): InviteRequest | null {
  const email = draft.email.trim()
  const address = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) && email.length <= fieldLimits.email && !email.includes('\u0000')
  const role = ['owner', 'billing-manager', 'seat-manager'].includes(draft.role)
  return address && role ? { email, role: draft.role as InviteRequest['role'] } : null
}

const fresh = { error: null, notice: null, request: null, invitation: null } satisfies Partial<InvitationsHeld>

/**
 * Issue 30's invitations, as owners see them: the open ones, newest first. An invitation goes to an
 * email the contract accepts, in a role, and comes on top of the list (an expired one to the same
 * address gives way to it); sending one again gives a new link and 14 more days, the old link dead;
 * a revoked one leaves the list after a confirmation. A refusal shows its message where it was
 * asked, with what was typed.
 */
export const invitationsOracle: Oracle<void, InvitationsHeld> = {
  start: () => ({ state: `${at}.loading`, held: { invitations: [], ...fresh } }),
  after: (now, event) => {
    const to = (state: string, changes: Partial<InvitationsHeld> = {}): Expected<InvitationsHeld> => ({ state, held: { ...now.held, ...changes } })
    const { invitations, invitation } = now.held
    const answer = answerOf(event, now.state, awaitedIn)
    if (answer) {
      if (!answer.awaited) return now
      if (!answer.done) return to(refusedTo[answer.actor]!, { error: shownMessage(answer.error) })
      switch (answer.actor) {
        case 'loadInvitations':
          return to(idle, { invitations: answer.output as Invitation[], error: null })
        case 'invite': {
          const sent = answer.output as Invitation
          return to(idle, { invitations: [sent, ...invitations.filter((each) => each.email !== sent.email)], notice: `Invitation sent to ${sent.email}.`, request: null })
        }
        case 'resendInvitation': {
          const again = answer.output as Invitation
          return to(idle, {
            invitations: invitations.map((each) => (each.id === again.id ? again : each)),
            notice: `Invitation sent again to ${again.email}. The link sent before no longer works.`,
            invitation: null,
          })
        }
        default:
          return to(idle, { invitations: invitations.filter((each) => each.id !== invitation?.id), notice: `The invitation to ${invitation?.email} was revoked.`, invitation: null })
      }
    }
    if (event.type === 'dialog.close' && dialogs.includes(now.state)) return to(idle, fresh)
    const sent = event as EventObject & { invitation?: Invitation; draft?: { email: string; role: string } }
    const listed = !!sent.invitation && invitations.some((each) => each.id === sent.invitation!.id)
    switch (`${now.state} ${event.type}`) {
      case `${at}.failed invitations.reload`:
        return to(`${at}.loading`, { error: null })
      case `${idle} notice.dismiss`:
        return to(idle, { notice: null })
      case `${idle} invite.open`:
        return to(`${at}.ready.inviting.editing`, fresh)
      case `${idle} invitation.resend`:
        return listed ? to(`${at}.ready.resending`, { ...fresh, invitation: sent.invitation! }) : now
      case `${idle} revoke.request`:
        return listed ? to(`${at}.ready.revoking.confirming`, { ...fresh, invitation: sent.invitation! }) : now
      // Sent only as the contract accepts it; else the form says why.
      case `${at}.ready.inviting.editing invite.submit`: {
        const request = inviteOf(sent.draft!)
        return request ? to(`${at}.ready.inviting.sending`, { error: null, request }) : now
      }
      case `${at}.ready.revoking.confirming revoke.confirm`:
        return to(`${at}.ready.revoking.removing`, { error: null })
      default:
        return now
    }
  },
}
