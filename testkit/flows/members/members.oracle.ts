import type { EventObject } from 'xstate'
import type { MemberRole } from '@/common/contract'
import type { Member, Organisation, TransferRequest } from '@/common/organisation-contract'
import { answerOf, shownMessage, type Expected, type Oracle } from '@/testkit/model/oracle'

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

const at = 'members'
const ready = `${at}.ready`
const idle = `${ready}.idle`
/** A dialog whose request is out cannot be closed under it. */
const dialogs = [`${ready}.role.editing`, `${ready}.remove.confirming`, `${ready}.leave.confirming`, `${ready}.transfer.editing`]
const awaitedIn = {
  loadOrganisation: `${at}.loading`,
  changeRole: `${ready}.role.saving`,
  removeMember: [`${ready}.remove.removing`, `${ready}.leave.leaving`],
  offerTransfer: `${ready}.transfer.offering`,
  withdrawTransfer: `${ready}.withdrawing`,
  acceptTransfer: `${ready}.accepting`,
  declineTransfer: `${ready}.declining`,
}
/** Where a refusal leaves the person: back in the dialog with its message, or on the list with it. */
const refusedTo: Record<string, string> = {
  [`${at}.loading`]: `${at}.failed`,
  [`${ready}.role.saving`]: `${ready}.role.editing`,
  [`${ready}.remove.removing`]: `${ready}.remove.confirming`,
  [`${ready}.leave.leaving`]: `${ready}.leave.confirming`,
  [`${ready}.transfer.offering`]: `${ready}.transfer.editing`,
  [`${ready}.withdrawing`]: idle,
  [`${ready}.accepting`]: idle,
  [`${ready}.declining`]: idle,
}
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
  start: () => ({ state: `${at}.loading`, held: { organisation: null, ...fresh } }),
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
          if (now.state === `${ready}.leave.leaving`) return to(`${at}.left`)
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
      case `${at}.failed members.reload`:
        return to(`${at}.loading`, { error: null })
      case `${idle} notice.dismiss`:
        return to(idle, { notice: null })
      case `${idle} role.open`:
        return owner && listed(sent.member?.oid) ? to(`${ready}.role.editing`, { ...fresh, member: sent.member! }) : now
      case `${idle} remove.request`:
        return owner && listed(sent.member?.oid) && sent.member?.oid !== me ? to(`${ready}.remove.confirming`, { ...fresh, member: sent.member! }) : now
      case `${idle} leave.request`:
        return organisation?.role ? to(`${ready}.leave.confirming`, fresh) : now
      case `${idle} transfer.open`:
        return owner && !organisation?.transfer && organisation!.members.some((each) => each.oid !== me) ? to(`${ready}.transfer.editing`, fresh) : now
      case `${idle} transfer.withdraw`:
        return owner && organisation?.transfer ? to(`${ready}.withdrawing`, fresh) : now
      case `${idle} transfer.accept`:
        return organisation?.transfer?.to.oid === me ? to(`${ready}.accepting`, fresh) : now
      case `${idle} transfer.decline`:
        return organisation?.transfer?.to.oid === me ? to(`${ready}.declining`, fresh) : now
      // Saving the role the member has already changes nothing.
      case `${ready}.role.editing role.submit`:
        return sent.role !== member?.role ? to(`${ready}.role.saving`, { error: null }) : now
      case `${ready}.remove.confirming remove.confirm`:
        return to(`${ready}.remove.removing`, { error: null })
      case `${ready}.leave.confirming leave.confirm`:
        return to(`${ready}.leave.leaving`, { error: null })
      // Offered to another member of the list only.
      case `${ready}.transfer.editing transfer.submit`:
        return sent.request && sent.request.to !== me && listed(sent.request.to) ? to(`${ready}.transfer.offering`, { error: null }) : now
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
        return now.state === `${ready}.leave.leaving` ? tell(leftOrganisation) : []
      default:
        return []
    }
  },
}
