import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { profileMachine } from '@/machines/profile.machine'
import { idleActors } from '@/tests/support/run-paths'
import { profileFields, profileModel } from '@/testkit/flows/profile/profile.model'
import { account } from '@/testkit/flows/session/session.model'

describe('profile machine', () => {
  it('saves one at a time: a second save while saving is ignored', () => {
    const actor = createActor(profileMachine.provide({ actors: idleActors(profileModel.actors) } as never), { input: {} }).start()
    actor.send({ type: 'xstate.done.actor.loadProfile', output: account } as never)
    actor.send({ type: 'profile.save', fields: profileFields })
    expect(actor.getSnapshot().can({ type: 'profile.save', fields: profileFields })).toBe(false)
  })
})
