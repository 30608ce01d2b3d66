import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { InvitationOffer, Organisation } from '@/common/organisation-contract'
import { invitationAcceptanceMachine } from '@/machines/invitation-acceptance.machine'
import { secret } from '@/testkit/flows/invitation-acceptance/invitation-acceptance.model'
import { offer, teamAs } from '@/testkit/organisations'
import { settle } from '@/testkit/settle'

describe('invitation acceptance rules', () => {
  function start() {
    const accept = vi.fn((_secret: string) => Promise.resolve())
    const organisationChanged = vi.fn()
    const actor = createActor(
      invitationAcceptanceMachine.provide({
        actors: {
          loadOffer: fromPromise<InvitationOffer, { secret: string }>(async () => offer),
          acceptInvitation: fromPromise<void, { secret: string }>(({ input }) => accept(input.secret)),
          loadOrganisation: fromPromise<Organisation, void>(async () => teamAs('billing-manager')),
        },
        actions: { organisationChanged: (_, { organisation }) => organisationChanged(organisation) },
      }),
      { input: { secret } },
    ).start()
    return { actor, accept, organisationChanged }
  }

  it('accepts once with the link’s secret, however often it is pressed, and tells the session the new standing', async () => {
    const { actor, accept, organisationChanged } = start()
    await settle()
    actor.send({ type: 'invitation.accept' })
    actor.send({ type: 'invitation.accept' })
    actor.send({ type: 'invitation.decline' })
    await settle()
    expect(accept.mock.calls).toEqual([[secret]])
    expect(actor.getSnapshot().value).toBe('accepted')
    expect(organisationChanged).toHaveBeenCalledWith(teamAs('billing-manager'))
  })

  it('sends nothing when declined', async () => {
    const { actor, accept } = start()
    await settle()
    actor.send({ type: 'invitation.decline' })
    await settle()
    expect(accept).not.toHaveBeenCalled()
    expect(actor.getSnapshot().value).toBe('declined')
    expect(actor.getSnapshot().can({ type: 'invitation.accept' })).toBe(false)
  })
})
