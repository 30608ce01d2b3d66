import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { renewalMachine } from '@/machines/renewal.machine'
import { caraRenewal, renewalModel } from '@/testkit/flows/renewal/renewal.model'
import { idleActors } from '@/tests/support/run-paths'

describe('renewal machine', () => {
  const choosing = () => {
    const actor = createActor(renewalMachine.provide({ actors: idleActors(renewalModel.actors) } as never)).start()
    actor.send({ type: 'xstate.done.actor.loadRenewals', output: [caraRenewal] } as never)
    actor.send({ type: 'seats.open', subscriptionId: caraRenewal.subscriptionId })
    return actor
  }

  it('takes seats from those assigned to those there are, whole numbers only', () => {
    const snapshot = choosing().getSnapshot()
    for (const [seats, allowed] of [
      [1, false],
      [2, true],
      [5, true],
      [6, false],
      [2.5, false],
    ] as const)
      expect(snapshot.can({ type: 'seats.submit', seats }), `${seats}`).toBe(allowed)
  })

  it('sends the chosen seats for the subscription whose dialog is open, once', () => {
    const actor = choosing()
    actor.send({ type: 'seats.submit', seats: 3 })
    expect(actor.getSnapshot().context.request).toEqual({ subscriptionId: caraRenewal.subscriptionId, seats: 3 })
    expect(actor.getSnapshot().can({ type: 'seats.submit', seats: 3 })).toBe(false)
    expect(actor.getSnapshot().can({ type: 'dialog.close' })).toBe(false)
  })
})
