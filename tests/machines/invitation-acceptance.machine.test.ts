import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { InvitationOffer, Organisation } from '../../common/organisation-contract'
import { invitationAcceptanceMachine } from '../../machines/invitation-acceptance.machine'
import { describePath, planPaths } from '../../testkit/model/paths'
import { invitationAcceptanceModel, secret } from '../../testkit/models/invitation-acceptance.model'
import { invitationAcceptanceOracle } from '../../testkit/oracles/invitation-acceptance.oracle'
import { offer, teamAs } from '../../testkit/organisations'
import { settle } from '../../testkit/settle'
import { replayPath } from '../support/run-paths'

const plan = planPaths(invitationAcceptanceModel)

describe('invitation acceptance machine: generated paths', () => {
  it('reaches every state and transition', () => {
    expect(plan.coverage.states.missing).toEqual([])
    expect(plan.coverage.transitions.missing).toEqual([])
  })
  for (const path of plan.paths) {
    it(`replays ${describePath(path.steps)}`, () =>
      replayPath(invitationAcceptanceMachine, path, {
        actors: invitationAcceptanceModel.actors,
        addressees: invitationAcceptanceModel.addressees,
        serialize: plan.serialize,
        oracle: invitationAcceptanceOracle,
      }))
  }
})

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
