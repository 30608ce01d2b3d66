import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { MemberRole } from '@/common/contract'
import type { Organisation } from '@/common/organisation-contract'
import { leftOrganisation, membersMachine } from '@/machines/members.machine'
import { beaSeats } from '@/testkit/flows/members/members.model'
import { bea, cara, offeredToBea, refusals, team } from '@/testkit/organisations'
import { settle } from '@/testkit/settle'

/** The machine over fakes, as Cara: the organisation answers this; the changes are recorded. */
function start(organisation: Organisation, me = cara.oid) {
  const changeRole = vi.fn((oid: string, role: MemberRole) => Promise.resolve({ ...organisation.members.find((member) => member.oid === oid)!, role }))
  const removeMember = vi.fn((_oid: string) => Promise.resolve())
  const organisationChanged = vi.fn()
  const actor = createActor(
    membersMachine.provide({
      actors: {
        loadOrganisation: fromPromise(() => Promise.resolve(organisation)),
        changeRole: fromPromise(({ input }: { input: { oid: string; role: MemberRole } }) => changeRole(input.oid, input.role)),
        removeMember: fromPromise(({ input }: { input: { oid: string } }) => removeMember(input.oid)),
        offerTransfer: fromPromise(() => Promise.resolve(offeredToBea)),
        withdrawTransfer: fromPromise(() => Promise.resolve()),
        acceptTransfer: fromPromise(() => Promise.resolve(organisation)),
        declineTransfer: fromPromise(() => Promise.resolve()),
      },
      actions: { organisationChanged: (_, { organisation }) => organisationChanged(organisation) },
    }),
    { input: { me } },
  ).start()
  return { actor, changeRole, removeMember, organisationChanged }
}

describe('members rules', () => {
  it('tells the session the standing it loaded, and her own new role once she changed it', async () => {
    const { actor, organisationChanged } = start(team)
    await settle()
    expect(organisationChanged).toHaveBeenLastCalledWith(team)
    actor.send({ type: 'role.open', member: cara })
    actor.send({ type: 'role.submit', role: 'seat-manager' })
    await settle()
    expect(actor.getSnapshot().context.organisation?.role).toBe('seat-manager')
    expect(organisationChanged).toHaveBeenLastCalledWith(expect.objectContaining({ role: 'seat-manager' }))
  })

  it('sends one change however often it is pressed, and keeps the dialog open while it is out', async () => {
    const { actor, changeRole } = start(team)
    await settle()
    actor.send({ type: 'role.open', member: bea })
    actor.send({ type: 'role.submit', role: 'seat-manager' })
    actor.send({ type: 'role.submit', role: 'seat-manager' })
    actor.send({ type: 'dialog.close' })
    expect(actor.getSnapshot().matches({ ready: { role: 'saving' } })).toBe(true)
    await settle()
    expect(changeRole.mock.calls).toEqual([[bea.oid, 'seat-manager']])
    expect(actor.getSnapshot().context.organisation?.members).toContainEqual(beaSeats)
  })

  it('removes others only, and leaves with the caller’s own identity: the session learns she is no member', async () => {
    const { actor, removeMember, organisationChanged } = start(team)
    await settle()
    actor.send({ type: 'remove.request', member: cara })
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true)
    actor.send({ type: 'leave.request' })
    actor.send({ type: 'leave.confirm' })
    await settle()
    expect(removeMember.mock.calls).toEqual([[cara.oid]])
    expect(actor.getSnapshot().value).toBe('left')
    expect(organisationChanged).toHaveBeenLastCalledWith(leftOrganisation)
  })

  it('offers nothing a member who is not an owner may not do', async () => {
    const { actor } = start({ ...team, role: 'seat-manager' })
    await settle()
    for (const event of [{ type: 'role.open', member: bea }, { type: 'remove.request', member: bea }, { type: 'transfer.open' }, { type: 'transfer.withdraw' }, { type: 'transfer.accept' }] as const) {
      actor.send(event)
      expect(actor.getSnapshot().matches({ ready: 'idle' }), event.type).toBe(true)
    }
    actor.send({ type: 'leave.request' })
    expect(actor.getSnapshot().matches({ ready: { leave: 'confirming' } })).toBe(true)
  })

  it('says the last owner’s refusal in the API’s words, in the dialog', async () => {
    const { actor, removeMember } = start(team)
    removeMember.mockRejectedValueOnce(new Error(refusals.lastOwnerLeaves))
    await settle()
    actor.send({ type: 'leave.request' })
    actor.send({ type: 'leave.confirm' })
    await settle()
    expect(actor.getSnapshot().matches({ ready: { leave: 'confirming' } })).toBe(true)
    expect(actor.getSnapshot().context.error).toBe(refusals.lastOwnerLeaves)
  })
})
