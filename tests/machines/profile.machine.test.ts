import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { profileMachine } from '../../machines/profile.machine'
import { describePath, planPaths } from '../../testkit/model/paths'
import { idleActors, replayPath } from '../support/run-paths'
import { profileFields, profileModel } from '../../testkit/models/profile.model'
import { account } from '../../testkit/models/session.model'
import { profileOracle } from '../../testkit/oracles/profile.oracle'

const plan = planPaths(profileModel)

describe('profile machine: generated paths', () => {
  for (const path of plan.paths)
    it(`replays ${describePath(path.steps)}`, () =>
      replayPath(profileMachine, path, { actors: profileModel.actors, addressees: profileModel.addressees, serialize: plan.serialize, oracle: profileOracle }))
})

describe('profile machine', () => {
  it('saves one at a time: a second save while saving is ignored', () => {
    const actor = createActor(profileMachine.provide({ actors: idleActors(profileModel.actors) } as never), { input: {} }).start()
    actor.send({ type: 'xstate.done.actor.loadProfile', output: account } as never)
    actor.send({ type: 'profile.save', fields: profileFields })
    expect(actor.getSnapshot().can({ type: 'profile.save', fields: profileFields })).toBe(false)
  })
})
