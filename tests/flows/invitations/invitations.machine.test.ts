import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { Invitation, InviteRequest } from '@/common/organisation-contract'
import { invitationsMachine } from '@/machines/invitations.machine'
import { eveAgain, finnDraft, finnInvitation } from '@/testkit/flows/invitations/invitations.model'
import { expiredInvitation, pendingInvitation } from '@/testkit/organisations'
import { settle } from '@/testkit/settle'

function start(invitations: Invitation[]) {
  const invite = vi.fn((_request: InviteRequest) => Promise.resolve(finnInvitation))
  const resend = vi.fn((_id: string) => Promise.resolve(eveAgain))
  const actor = createActor(
    invitationsMachine.provide({
      actors: {
        loadInvitations: fromPromise(() => Promise.resolve(invitations)),
        invite: fromPromise(({ input }: { input: InviteRequest }) => invite(input)),
        resendInvitation: fromPromise(({ input }: { input: { id: string } }) => resend(input.id)),
        revokeInvitation: fromPromise(() => Promise.resolve()),
      },
    }),
  ).start()
  return { actor, invite, resend }
}

describe('invitation rules', () => {
  it('sends nothing for an address or a role the contract refuses, keeping the dialog open', async () => {
    const { actor, invite } = start([])
    await settle()
    actor.send({ type: 'invite.open' })
    for (const draft of [
      { email: 'finn@', role: 'owner' },
      { email: 'finn@example.com', role: 'admin' },
      { email: '', role: 'owner' },
    ])
      actor.send({ type: 'invite.submit', draft })
    await settle()
    expect(invite).not.toHaveBeenCalled()
    expect(actor.getSnapshot().matches({ ready: { inviting: 'editing' } })).toBe(true)
  })

  it('sends one invitation however often it is pressed, and puts it on top of the list', async () => {
    const { actor, invite } = start([pendingInvitation])
    await settle()
    actor.send({ type: 'invite.open' })
    actor.send({ type: 'invite.submit', draft: finnDraft })
    actor.send({ type: 'invite.submit', draft: finnDraft })
    await settle()
    expect(invite.mock.calls).toEqual([[{ email: 'finn@example.com', role: 'billing-manager' }]])
    expect(actor.getSnapshot().context.invitations.map((invitation) => invitation.id)).toEqual(['inv_finn', 'inv_dana'])
  })

  it('sends a listed invitation again once, in its place, with its new expiry', async () => {
    const { actor, resend } = start([pendingInvitation, expiredInvitation])
    await settle()
    actor.send({ type: 'invitation.resend', invitation: expiredInvitation })
    actor.send({ type: 'invitation.resend', invitation: expiredInvitation })
    await settle()
    expect(resend.mock.calls).toEqual([['inv_eve']])
    expect(actor.getSnapshot().context.invitations).toEqual([pendingInvitation, eveAgain])
  })
})
