/** What the Members page shows in each state of the members machine, written from issue 30's rules. */
import type { MembersHeld } from './members.oracle'
import { cara } from '@/testkit/organisations'
import type { StateView, ViewTable } from '@/testkit/views/view-table'

const me = cara.oid
const roleLabel = { owner: 'Owner', 'billing-manager': 'Billing manager', 'seat-manager': 'Seat manager' } as const
const people = [
  { name: 'Cara Commercial', email: 'commercial@example.com' },
  { name: 'Bea Billing', email: 'bea@example.com' },
  { name: 'Sam Seats', email: 'sam@example.com' },
]
const when = <T>(condition: boolean, ...items: T[]) => (condition ? items : [])

/** The offer of ownership waiting, as its member reads it, or anyone else. */
function offerText({ organisation }: MembersHeld): string[] {
  const transfer = organisation?.transfer
  if (!transfer) return []
  const becomes =
    transfer.formerOwnerBecomes === 'billing-manager' ? 'becomes a billing manager' : transfer.formerOwnerBecomes === 'seat-manager' ? 'becomes a seat manager' : 'leaves the organisation'
  if (transfer.to.oid === me)
    return [`${transfer.from.name} offers you the ownership of the organisation (November 24, 2026). Once you accept, you are an owner, and ${transfer.from.name} ${becomes}.`]
  return [`Ownership was offered to ${transfer.to.name} on November 24, 2026. It takes effect once they accept; ${transfer.from.name} then ${becomes}.`]
}

/**
 * The members with their roles; an owner's Change role on each and Remove on the others, Transfer
 * ownership while no offer waits; Leave for anyone; the offer's Accept and Decline for the member it
 * names, Withdraw for an owner. Its buttons take a click while nothing else is open or sent.
 */
function page(held: MembersHeld, busy: boolean): StateView {
  const { organisation, notice } = held
  const members = organisation!.members
  const owner = organisation!.role === 'owner'
  const transfer = organisation!.transfer
  const toMe = transfer?.to.oid === me
  const rows = owner ? members.flatMap((member) => [`Change role of ${member.name}`, ...when(member.oid !== me, `Remove ${member.name}`)]) : []
  const offer = transfer ? (toMe ? ['Accept ownership', 'Decline offer'] : when(owner, 'Withdraw offer')) : []
  const transferOpen = owner && !transfer && members.some((member) => member.oid !== me)
  const pressable = [...rows, ...offer, 'Leave organisation', ...when(transferOpen, 'Transfer ownership')]
  const gone = people.filter((person) => !members.some((member) => member.email === person.email))
  return {
    shows: ['Members', ...members.flatMap((member) => [member.name, member.email, roleLabel[member.role]]), ...offerText(held), ...when(notice !== null, notice!), ...when(owner, 'Invitations')],
    hides: [...gone.map((person) => person.email), ...when(!owner, 'Invitations')],
    ...(busy ? { disabled: pressable } : { enabled: [...pressable, ...when(notice !== null, 'Dismiss')] }),
    absent: [
      ...when(!owner, 'Transfer ownership', ...members.map((member) => `Change role of ${member.name}`)),
      `Remove ${cara.name}`,
      ...when(!transfer || !toMe, 'Accept ownership', 'Decline offer'),
      ...when(!transfer || toMe || !owner, 'Withdraw offer'),
      ...gone.map((person) => `Remove ${person.name}`),
      'Try again',
    ],
  }
}

const failure = ({ error }: MembersHeld) => (error ? [error] : [])
/** A dialog over the page, with the message of its last refusal. */
const dialog = (held: MembersHeld, name: string, view: StateView): StateView => {
  const under = page(held, true)
  return { ...view, shows: [...under.shows!, ...(view.shows ?? [])], hides: under.hides, disabled: [...under.disabled!, ...(view.disabled ?? [])], dialogs: [name], alerts: failure(held) }
}
/** The list while an action taken from it is sent: its button shows progress. */
const sending = (held: MembersHeld): StateView => ({ ...page(held, true), dialogs: [], alerts: [] })
const removing = ({ member }: MembersHeld) => `Remove ${member!.name} (${member!.email}) from the organisation? What their role allows goes at once; the licenses they hold stay theirs.`
const leaving = 'Leave the organisation? What your role allows goes at once; the licenses you hold stay yours.'

export const membersViewTable: ViewTable<MembersHeld> = {
  'members.loading': { shows: ['Members'], absent: ['Leave organisation', 'Transfer ownership', 'Try again'], hides: ['Invitations'], dialogs: [], alerts: [] },
  'members.failed': (_, { error }) => ({ alerts: [`The members could not be loaded${error}Try again`], enabled: ['Try again'], absent: ['Leave organisation', 'Transfer ownership'] }),
  // A refusal of the offer's buttons shows over the list.
  'members.ready.idle': (_, held) => ({ ...page(held, false), dialogs: [], alerts: failure(held) }),
  // Save is for another role than the member's: a refusal keeps the one chosen.
  'members.ready.role.editing': (_, held) =>
    dialog(held, 'Change role', {
      shows: [`The role of ${held.member!.name} (${held.member!.email}):`],
      enabled: ['Cancel'],
      ...(held.error ? { enabled: ['Save role', 'Cancel'] } : { disabled: ['Save role'] }),
    }),
  'members.ready.role.saving': (_, held) => dialog(held, 'Change role', { disabled: ['Save role', 'Cancel'] }),
  'members.ready.remove.confirming': (_, held) => dialog(held, 'Remove member', { shows: [removing(held)], enabled: ['Remove', 'Cancel'] }),
  'members.ready.remove.removing': (_, held) => dialog(held, 'Remove member', { shows: [removing(held)], disabled: ['Remove', 'Cancel'] }),
  'members.ready.leave.confirming': (_, held) => dialog(held, 'Leave organisation', { shows: [leaving], enabled: ['Leave', 'Cancel'] }),
  'members.ready.leave.leaving': (_, held) => dialog(held, 'Leave organisation', { shows: [leaving], disabled: ['Leave', 'Cancel'] }),
  'members.ready.transfer.editing': (_, held) => dialog(held, 'Transfer ownership', { shows: ['Once they accept, I become'], enabled: ['Offer ownership', 'Cancel'] }),
  'members.ready.transfer.offering': (_, held) => dialog(held, 'Transfer ownership', { disabled: ['Offer ownership', 'Cancel'] }),
  'members.ready.withdrawing': (_, held) => sending(held),
  // The button pressed shows progress: the only way a person tells accepting from declining.
  'members.ready.accepting': (_, held) => ({ ...sending(held), busy: ['Accept ownership'] }),
  'members.ready.declining': (_, held) => ({ ...sending(held), busy: ['Decline offer'] }),
  // The page of someone who left: no list, no buttons; their own licenses stay.
  'members.left': {
    shows: ['Members', 'You left the organisation. The licenses you hold stay yours.', 'Go to My Licenses'],
    hides: ['commercial@example.com', 'Invitations'],
    absent: ['Leave organisation', 'Transfer ownership', 'Change role of Cara Commercial'],
    dialogs: [],
    alerts: [],
  },
}
