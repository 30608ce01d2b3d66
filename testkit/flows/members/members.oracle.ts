import type { EventObject } from 'xstate'
import type { MemberRole } from '@/common/contract'
import type { Member, Organisation, TransferRequest } from '@/common/organisation-contract'
import { answerOf, shownMessage, type Expected, type Oracle, type Relation } from '@/testkit/model/oracle'

/** Who looks at the page (declared here: the reference shares no type with the machine). */
type MembersInput = { me: string }
/** What the session is told of a person who has left: no role, no members, nothing to bill. */
const leftOrganisation: Organisation = { role: null, personal: false, members: [], transfer: null, allowedPriceId: null, hasStripeAccount: false }

/** What the Members page holds that a person notices: the organisation as they stand in it, the message, the notice, the member a dialog is about. */
export interface MembersHeld {
  organisation: Organisation | null
  error: string | null
  notice: string | null
  member: Member | null
}

/** Where the Members page stands, in issue 30's words. */
const said = {
  loading: 'the members loading',
  failed: 'the members not loaded',
  list: 'the members listed',
  roleDialog: 'a member’s role being chosen',
  roleSaving: 'the role being saved',
  removeDialog: 'removing a member, asked to confirm',
  removing: 'the member being removed',
  leaveDialog: 'leaving, asked to confirm',
  leaving: 'the organisation being left',
  transferDialog: 'ownership being offered, the member chosen',
  offering: 'the offer of ownership being sent',
  withdrawing: 'the offer of ownership being withdrawn',
  accepting: 'the offer of ownership being accepted',
  declining: 'the offer of ownership being declined',
  left: 'the organisation left',
} as const
const idle = said.list
/** A dialog whose request is out cannot be closed under it. */
const dialogs: string[] = [said.roleDialog, said.removeDialog, said.leaveDialog, said.transferDialog]
const awaitedIn = {
  loadOrganisation: said.loading,
  changeRole: said.roleSaving,
  removeMember: [said.removing, said.leaving],
  offerTransfer: said.offering,
  withdrawTransfer: said.withdrawing,
  acceptTransfer: said.accepting,
  declineTransfer: said.declining,
}
/** Where a refusal leaves the person: back in the dialog with its message, or on the list with it. */
const refusedTo: Record<string, string> = {
  [said.loading]: said.failed,
  [said.roleSaving]: said.roleDialog,
  [said.removing]: said.removeDialog,
  [said.leaving]: said.leaveDialog,
  [said.offering]: said.transferDialog,
  [said.withdrawing]: idle,
  [said.accepting]: idle,
  [said.declining]: idle,
}
const m = 'members'
/** The states of machines/members.machine.ts that realise each of the oracle's (decision 0061). */
export const relation = {
  [said.loading]: `${m}.loading`,
  [said.failed]: `${m}.failed`,
  [said.list]: `${m}.ready.idle`,
  [said.roleDialog]: `${m}.ready.role.editing`,
  [said.roleSaving]: `${m}.ready.role.saving`,
  [said.removeDialog]: `${m}.ready.remove.confirming`,
  [said.removing]: `${m}.ready.remove.removing`,
  [said.leaveDialog]: `${m}.ready.leave.confirming`,
  [said.leaving]: `${m}.ready.leave.leaving`,
  [said.transferDialog]: `${m}.ready.transfer.editing`,
  [said.offering]: `${m}.ready.transfer.offering`,
  [said.withdrawing]: `${m}.ready.withdrawing`,
  [said.accepting]: `${m}.ready.accepting`,
  [said.declining]: `${m}.ready.declining`,
  [said.left]: `${m}.left`,
} satisfies Relation
/** Every dialog and action starts afresh: no message, no notice of the last change. */
const fresh = { error: null, notice: null, member: null } satisfies Partial<MembersHeld>
const article: Record<MemberRole, string> = { owner: 'an owner', 'billing-manager': 'a billing manager', 'seat-manager': 'a seat manager' }

/**
 * Issue 30's members: owners (and only they) change a member's role, remove another member and
 * offer their ownership to another member, one offer at a time, which that member accepts (becoming
 * an owner) or declines, and an owner may withdraw; any member leaves. The API keeps at least one
 * owner: its refusal (409) is shown in its words where the person asked. A change shows on the list
 * with a notice; leaving ends the page.
 */
export const membersOracle: Oracle<MembersInput, MembersHeld> = {
  relation,
  start: () => ({ state: said.loading, held: { organisation: null, ...fresh } }),
  after: (now, event, { me }) => {
    const to = (state: string, changes: Partial<MembersHeld> = {}): Expected<MembersHeld> => ({ state, held: { ...now.held, ...changes } })
    const { organisation, member } = now.held
    const owner = organisation?.role === 'owner'
    const listed = (oid: string | undefined) => !!organisation?.members.some((each) => each.oid === oid)
    const answer = answerOf(event, now.state, awaitedIn)
    if (answer) {
      if (!answer.awaited) return now
      if (!answer.done) return to(refusedTo[now.state]!, { error: shownMessage(answer.error) })
      switch (answer.actor) {
        case 'loadOrganisation':
          return to(idle, { organisation: answer.output as Organisation, error: null })
        case 'changeRole': {
          const changed = answer.output as Member
          const members = organisation!.members.map((each) => (each.oid === changed.oid ? changed : each))
          return to(idle, {
            organisation: { ...organisation!, members, role: changed.oid === me ? changed.role : organisation!.role },
            notice: `${changed.name} is ${article[changed.role]} now.`,
            member: null,
          })
        }
        case 'removeMember':
          if (now.state === said.leaving) return to(said.left)
          return to(idle, {
            organisation: { ...organisation!, members: organisation!.members.filter((each) => each.oid !== member?.oid) },
            notice: `${member?.name} is no longer a member.`,
            member: null,
          })
        case 'offerTransfer': {
          const offered = answer.output as Organisation
          return to(idle, { organisation: offered, error: null, notice: `Ownership was offered to ${offered.transfer?.to.name}. It takes effect once they accept.` })
        }
        case 'acceptTransfer':
          return to(idle, { organisation: answer.output as Organisation, error: null, notice: 'You are an owner of the organisation now.' })
        default: {
          const notice = answer.actor === 'withdrawTransfer' ? 'The offer of ownership was withdrawn.' : 'You declined the offer of ownership.'
          return to(idle, { organisation: { ...organisation!, transfer: null }, notice, error: null })
        }
      }
    }
    if (event.type === 'dialog.close' && dialogs.includes(now.state)) return to(idle, fresh)
    const sent = event as EventObject & { member?: Member; role?: MemberRole; request?: TransferRequest }
    switch (`${now.state} ${event.type}`) {
      case `${said.failed} members.reload`:
        return to(said.loading, { error: null })
      case `${idle} notice.dismiss`:
        return to(idle, { notice: null })
      case `${idle} role.open`:
        return owner && listed(sent.member?.oid) ? to(said.roleDialog, { ...fresh, member: sent.member! }) : now
      case `${idle} remove.request`:
        return owner && listed(sent.member?.oid) && sent.member?.oid !== me ? to(said.removeDialog, { ...fresh, member: sent.member! }) : now
      case `${idle} leave.request`:
        return organisation?.role ? to(said.leaveDialog, fresh) : now
      case `${idle} transfer.open`:
        return owner && !organisation?.transfer && organisation!.members.some((each) => each.oid !== me) ? to(said.transferDialog, fresh) : now
      case `${idle} transfer.withdraw`:
        return owner && organisation?.transfer ? to(said.withdrawing, fresh) : now
      case `${idle} transfer.accept`:
        return organisation?.transfer?.to.oid === me ? to(said.accepting, fresh) : now
      case `${idle} transfer.decline`:
        return organisation?.transfer?.to.oid === me ? to(said.declining, fresh) : now
      // Saving the role the member has already changes nothing.
      case `${said.roleDialog} role.submit`:
        return sent.role !== member?.role ? to(said.roleSaving, { error: null }) : now
      case `${said.removeDialog} remove.confirm`:
        return to(said.removing, { error: null })
      case `${said.leaveDialog} leave.confirm`:
        return to(said.leaving, { error: null })
      // Offered to another member of the list only.
      case `${said.transferDialog} transfer.submit`:
        return sent.request && sent.request.to !== me && listed(sent.request.to) ? to(said.offering, { error: null }) : now
      default:
        return now
    }
  },
  // A change of the caller's standing reaches the session, whose sidebar follows: the organisation
  // loaded, a role changed, ownership accepted, the organisation left.
  tells: (now, event, input) => {
    const answer = answerOf(event, now.state, awaitedIn)
    if (!answer?.awaited || !answer.done) return []
    const tell = (organisation: Organisation | null) => [{ to: 'session', event: { type: 'organisation.changed', organisation } }]
    switch (answer.actor) {
      case 'loadOrganisation':
      case 'acceptTransfer':
        return tell(answer.output as Organisation)
      case 'changeRole':
        return tell(membersOracle.after(now, event, input).held.organisation)
      case 'removeMember':
        return now.state === said.leaving ? tell(leftOrganisation) : []
      default:
        return []
    }
  },
}
