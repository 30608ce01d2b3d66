import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import type { InvitationOffer, Organisation } from '@/common/organisation-contract'
import { invitationAcceptanceMachine } from '@/machines/invitation-acceptance.machine'
import { answersInTurn } from '@/testkit/answers'
import { secret } from '@/testkit/flows/invitation-acceptance/invitation-acceptance.model'
import { offer, refusals } from '@/testkit/organisations'
import { addressee } from '@/testkit/addressee'
import { settle } from '@/testkit/settle'

/** An invitation's link (issue 30): the offer it is asked for, Try again, and an acceptance that stands. */
function invitation(offers: (InvitationOffer | Error)[], standings: (Organisation | Error)[] = []) {
  const loadOffer = answersInTurn<InvitationOffer, { secret: string }>(offers)
  const changed: Organisation[] = []
  const actor = createActor(
    invitationAcceptanceMachine.provide({
      actors: { loadOffer: loadOffer.logic, acceptInvitation: answersInTurn<void, { secret: string }>([undefined]).logic, loadOrganisation: answersInTurn<Organisation>(standings).logic },
    }),
    // The session it tells of the new standing.
    { input: { secret, session: addressee<{ type: 'organisation.changed'; organisation: Organisation }>((event) => void changed.push(event.organisation)) } },
  ).start()
  return { actor, offersAsked: loadOffer.asked, changed }
}

describe('An invitation’s link', () => {
  it('asks for the offer of the link’s own secret', async () => {
    const { actor, offersAsked } = invitation([offer])
    await settle()
    expect(offersAsked).toEqual([{ secret }])
    expect(actor.getSnapshot().value).toBe('offered')
  })

  it('asks again on Try again after the offer could not load', async () => {
    const { actor, offersAsked } = invitation([new Error(refusals.offline), offer])
    await settle()
    expect(actor.getSnapshot().value).toBe('failed')
    expect(actor.getSnapshot().context.error).toBe(refusals.offline)
    actor.send({ type: 'offer.reload' })
    await settle()
    expect(offersAsked).toEqual([{ secret }, { secret }])
    expect(actor.getSnapshot().value).toBe('offered')
    expect(actor.getSnapshot().context).toMatchObject({ offer, error: null })
  })

  it('is accepted even when the new standing cannot be read afterwards (the Members page reads it again)', async () => {
    const { actor, changed } = invitation([offer], [new Error(refusals.offline)])
    await settle()
    actor.send({ type: 'invitation.accept' })
    await settle()
    expect(actor.getSnapshot().value).toBe('accepted')
    expect(changed).toEqual([])
  })
})
