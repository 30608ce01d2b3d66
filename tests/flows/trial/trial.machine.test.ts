import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { trialMachine } from '@/machines/trial.machine'
import { trialModel } from '@/testkit/flows/trial/trial.model'
import { idleActors } from '@/tests/support/run-paths'

describe('trial machine', () => {
  const idle = () => createActor(trialMachine.provide({ actors: idleActors(trialModel.actors) } as never), { input: {} }).start()

  it('starts once: a second press while starting is ignored, and no extension is asked meanwhile', () => {
    const actor = idle()
    actor.send({ type: 'trial.start' })
    expect(actor.getSnapshot().value).toBe('starting')
    expect(actor.getSnapshot().can({ type: 'trial.start' })).toBe(false)
    expect(actor.getSnapshot().can({ type: 'trial.extend' })).toBe(false)
  })

  it('extends once: a second press while extending is ignored', () => {
    const actor = idle()
    actor.send({ type: 'trial.extend' })
    expect(actor.getSnapshot().value).toBe('extending')
    expect(actor.getSnapshot().can({ type: 'trial.extend' })).toBe(false)
  })
})
