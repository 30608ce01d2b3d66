import { describe, expect, it } from 'vitest'
import { createActor, type AnyActorLogic } from 'xstate'
import type { Invitation, InviteRequest } from '@/common/organisation-contract'
import { invitationsMachine } from '@/machines/invitations.machine'
import { answersInTurn } from '@/testkit/answers'
import { neverAnswers } from '@/testkit/flows/auth/auth.started'
import { finnDraft, finnInvitation } from '@/testkit/flows/invitations/invitations.model'
import { expiredInvitation, pendingInvitation, refusals } from '@/testkit/organisations'
import { settle } from '@/testkit/settle'

/** The owners' invitations (issue 30): the list, Try again, the notice, the dialogs' Cancel, and Revoke. */
function invitations(lists: (Invitation[] | Error)[], actors: Record<string, AnyActorLogic> = {}) {
  const load = answersInTurn<Invitation[]>(lists)
  const invite = answersInTurn<Invitation, InviteRequest>([finnInvitation])
  const revoke = answersInTurn<void, { id: string }>([undefined])
  const actor = createActor(invitationsMachine.provide({ actors: { loadInvitations: load.logic, invite: invite.logic, revokeInvitation: revoke.logic, ...actors } as never })).start()
  return { actor, loads: load.asked, revoked: revoke.asked }
}

const listed = [pendingInvitation, expiredInvitation]

describe('Invitations', () => {
  it('lists the invitations the API answers', async () => {
    const { actor } = invitations([listed])
    await settle()
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' })
    expect(actor.getSnapshot().context.invitations).toEqual(listed)
  })

  it('asks again on Try again after the list could not load', async () => {
    const { actor, loads } = invitations([new Error(refusals.offline), listed])
    await settle()
    expect(actor.getSnapshot().value).toBe('failed')
    actor.send({ type: 'invitations.reload' })
    await settle()
    expect(loads).toHaveLength(2)
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' })
    expect(actor.getSnapshot().context).toMatchObject({ invitations: listed, error: null })
  })

  it('dismisses the notice of an invitation sent', async () => {
    const { actor } = invitations([listed])
    await settle()
    actor.send({ type: 'invite.open' })
    actor.send({ type: 'invite.submit', draft: finnDraft })
    await settle()
    expect(actor.getSnapshot().context.notice).toBe('Invitation sent to finn@example.com.')
    actor.send({ type: 'notice.dismiss' })
    expect(actor.getSnapshot().context.notice).toBeNull()
  })

  it('closes the Invite member and Revoke invitation dialogs on Cancel, sending nothing', async () => {
    const { actor, revoked } = invitations([listed])
    await settle()
    actor.send({ type: 'invite.open' })
    actor.send({ type: 'dialog.close' })
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' })
    actor.send({ type: 'revoke.request', invitation: pendingInvitation })
    actor.send({ type: 'dialog.close' })
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' })
    expect(actor.getSnapshot().context.invitation).toBeNull()
    await settle()
    expect(revoked).toEqual([])
  })

  it('keeps the dialog open while an invitation is sent or revoked: it closes with the answer', async () => {
    const { actor } = invitations([listed], { invite: neverAnswers, revokeInvitation: neverAnswers })
    await settle()
    actor.send({ type: 'invite.open' })
    actor.send({ type: 'invite.submit', draft: finnDraft })
    actor.send({ type: 'dialog.close' })
    expect(actor.getSnapshot().value).toEqual({ ready: { inviting: 'sending' } })
    const other = invitations([listed], { revokeInvitation: neverAnswers }).actor
    await settle()
    other.send({ type: 'revoke.request', invitation: pendingInvitation })
    other.send({ type: 'revoke.confirm' })
    other.send({ type: 'dialog.close' })
    expect(other.getSnapshot().value).toEqual({ ready: { revoking: 'removing' } })
  })

  it('revokes the invitation confirmed, by its id, and takes it off the list', async () => {
    const { actor, revoked } = invitations([listed])
    await settle()
    actor.send({ type: 'revoke.request', invitation: pendingInvitation })
    actor.send({ type: 'revoke.confirm' })
    await settle()
    expect(revoked).toEqual([{ id: 'inv_dana' }])
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' })
    expect(actor.getSnapshot().context).toMatchObject({ invitations: [expiredInvitation], notice: 'The invitation to dana@example.com was revoked.' })
  })
})
