import { describe, expect, it } from 'vitest'
import { createActor, type AnyActorLogic } from 'xstate'
import type { MemberRole } from '@/common/contract'
import type { Member, Organisation, TransferRequest } from '@/common/organisation-contract'
import { membersMachine } from '@/machines/members.machine'
import { answersInTurn } from '@/testkit/answers'
import { neverAnswers } from '@/testkit/flows/auth/auth.started'
import { acceptedByCara, bea, cara, noOrganisation, offeredToBea, offeredToCara, personalOrganisation, refusals, sam, team } from '@/testkit/organisations'
import { addressee } from '@/testkit/addressee'
import { settle } from '@/testkit/settle'
import { expectTryAgainAfterFailure } from '@/tests/support/try-again'

/**
 * Members (issue 30), as Cara: what each change sends and what the page then holds and says, the
 * dialogs' Cancel, and who may do what. The expected notices are the page's words.
 */
function members(loads: (Organisation | Error)[], actors: Record<string, AnyActorLogic> = {}) {
  const load = answersInTurn<Organisation>(loads)
  const changeRole = answersInTurn<Member, { oid: string; role: MemberRole }>([
    { ...bea, role: 'seat-manager' },
    { ...sam, role: 'billing-manager' },
    { ...sam, role: 'owner' },
  ])
  const removeMember = answersInTurn<void, { oid: string }>([undefined])
  const offerTransfer = answersInTurn<Organisation, TransferRequest>([offeredToBea])
  const done = answersInTurn<void>([undefined])
  const changed: Organisation[] = []
  const actor = createActor(
    membersMachine.provide({
      actors: {
        loadOrganisation: load.logic,
        changeRole: changeRole.logic,
        removeMember: removeMember.logic,
        offerTransfer: offerTransfer.logic,
        withdrawTransfer: done.logic,
        acceptTransfer: answersInTurn<Organisation>([acceptedByCara]).logic,
        declineTransfer: done.logic,
        ...actors,
      } as never,
    }),
    // The session it tells of the caller's own standing.
    { input: { me: cara.oid, session: addressee<{ type: 'organisation.changed'; organisation: Organisation }>((event) => void changed.push(event.organisation)) } },
  ).start()
  const context = () => actor.getSnapshot().context
  return { actor, context, loads: load.asked, roles: changeRole.asked, removed: removeMember.asked, offers: offerTransfer.asked, changed }
}

/** Change role, in the dialog: open it on the member, choose the role, wait for the answer. */
async function chooseRole(page: ReturnType<typeof members>, member: Member, role: MemberRole) {
  page.actor.send({ type: 'role.open', member })
  page.actor.send({ type: 'role.submit', role })
  await settle()
}

describe('Members: what a change sends and says', () => {
  it('names the new role in the notice, and Dismiss removes it', async () => {
    const page = members([team])
    await settle()
    await chooseRole(page, bea, 'seat-manager')
    expect(page.context().notice).toBe('Bea Billing is a seat manager now.')
    page.actor.send({ type: 'notice.dismiss' })
    expect(page.context().notice).toBeNull()
    await chooseRole(page, sam, 'billing-manager')
    expect(page.roles).toEqual([
      { oid: bea.oid, role: 'seat-manager' },
      { oid: sam.oid, role: 'billing-manager' },
    ])
    expect(page.context().notice).toBe('Sam Seats is a billing manager now.')
    await chooseRole(page, sam, 'owner')
    expect(page.context().notice).toBe('Sam Seats is an owner now.')
  })

  it('sends nothing when the role chosen is the one the member has', async () => {
    const page = members([team])
    await settle()
    await chooseRole(page, bea, 'billing-manager')
    expect(page.actor.getSnapshot().value).toEqual({ ready: { role: 'editing' } })
    expect(page.roles).toEqual([])
  })

  it('removes the member confirmed, by their identity, and takes them off the list', async () => {
    const page = members([team])
    await settle()
    page.actor.send({ type: 'remove.request', member: sam })
    page.actor.send({ type: 'remove.confirm' })
    await settle()
    expect(page.removed).toEqual([{ oid: sam.oid }])
    expect(page.actor.getSnapshot().value).toEqual({ ready: 'idle' })
    expect(page.context().organisation?.members).toEqual([cara, bea])
    expect(page.context().notice).toBe('Sam Seats is no longer a member.')
  })

  it('tells the app, once she left, that she is no organisation’s member', async () => {
    const page = members([team])
    await settle()
    page.actor.send({ type: 'leave.request' })
    page.actor.send({ type: 'leave.confirm' })
    await settle()
    expect(page.removed).toEqual([{ oid: cara.oid }])
    expect(page.changed.at(-1)).toEqual(noOrganisation)
  })

  it('offers the ownership to the member chosen, as asked, and refuses to offer it to herself', async () => {
    const page = members([team])
    await settle()
    page.actor.send({ type: 'transfer.open' })
    page.actor.send({ type: 'transfer.submit', request: { to: cara.oid, formerOwnerBecomes: 'billing-manager' } })
    expect(page.actor.getSnapshot().value).toEqual({ ready: { transfer: 'editing' } })
    page.actor.send({ type: 'transfer.submit', request: { to: bea.oid, formerOwnerBecomes: 'billing-manager' } })
    await settle()
    expect(page.offers).toEqual([{ to: bea.oid, formerOwnerBecomes: 'billing-manager' }])
    expect(page.context().notice).toBe('Ownership was offered to Bea Billing. It takes effect once they accept.')
  })

  it('withdraws a waiting offer, or declines one made to her: no offer waits then', async () => {
    for (const [organisation, event, notice] of [
      [offeredToBea, 'transfer.withdraw', 'The offer of ownership was withdrawn.'],
      [offeredToCara, 'transfer.decline', 'You declined the offer of ownership.'],
    ] as const) {
      const page = members([organisation])
      await settle()
      page.actor.send({ type: event })
      await settle()
      expect(page.actor.getSnapshot().value, event).toEqual({ ready: 'idle' })
      expect(page.context().organisation?.transfer, event).toBeNull()
      expect(page.context().notice).toBe(notice)
    }
  })

  it('accepts the ownership offered to her, and tells the app her new standing', async () => {
    const page = members([offeredToCara])
    await settle()
    page.actor.send({ type: 'transfer.accept' })
    await settle()
    expect(page.context().organisation).toEqual(acceptedByCara)
    expect(page.context().notice).toBe('You are an owner of the organisation now.')
    expect(page.changed.at(-1)).toEqual(acceptedByCara)
  })

  it('loads the members again on Try again after a failed load', async () => {
    const page = members([new Error(refusals.offline), team])
    await expectTryAgainAfterFailure(page, refusals.offline, 'members.reload')
    expect(page.actor.getSnapshot().value).toEqual({ ready: 'idle' })
    expect(page.context()).toMatchObject({ organisation: team, error: null })
  })
})

describe('Members: who may do what', () => {
  it('offers Leave organisation only to a member', async () => {
    const page = members([noOrganisation])
    await settle()
    expect(page.actor.getSnapshot().can({ type: 'leave.request' })).toBe(false)
  })

  it('offers Transfer ownership only when there is another member to take it', async () => {
    const page = members([personalOrganisation])
    await settle()
    expect(page.actor.getSnapshot().can({ type: 'transfer.open' })).toBe(false)
  })
})

describe('Members: the dialogs', () => {
  it('close on Cancel, sending nothing', async () => {
    const page = members([team])
    await settle()
    for (const open of [{ type: 'role.open', member: bea }, { type: 'remove.request', member: bea }, { type: 'leave.request' }, { type: 'transfer.open' }] as const) {
      page.actor.send(open)
      expect(page.actor.getSnapshot().value, open.type).not.toEqual({ ready: 'idle' })
      page.actor.send({ type: 'dialog.close' })
      expect(page.actor.getSnapshot().value, open.type).toEqual({ ready: 'idle' })
    }
    await settle()
    expect([...page.roles, ...page.removed, ...page.offers]).toEqual([])
  })

  it('stay open while a removal, a leaving or an offer is out: they close with the answer', async () => {
    for (const [steps, under] of [
      [[{ type: 'remove.request', member: bea }, { type: 'remove.confirm' }], { remove: 'removing' }],
      [[{ type: 'leave.request' }, { type: 'leave.confirm' }], { leave: 'leaving' }],
      [[{ type: 'transfer.open' }, { type: 'transfer.submit', request: { to: bea.oid, formerOwnerBecomes: 'billing-manager' } }], { transfer: 'offering' }],
    ] as const) {
      const page = members([team], { removeMember: neverAnswers, offerTransfer: neverAnswers })
      await settle()
      for (const step of steps) page.actor.send(step)
      page.actor.send({ type: 'dialog.close' })
      expect(page.actor.getSnapshot().value).toEqual({ ready: under })
    }
  })
})
