import { describe, expect, it } from 'vitest'
import type { SnapshotFrom } from 'xstate'
import { profileMachine } from '../../machines/profile.machine'
import { describePath, planPaths } from '../model/paths'
import { replayPath } from '../model/run'
import { profileFields, profileModel } from './profile.model'

const plan = planPaths(profileModel)

function expectations(snapshot: SnapshotFrom<typeof profileMachine>) {
  // One save at a time: while saving, Update Profile does nothing.
  if (snapshot.matches('saving')) expect(snapshot.can({ type: 'profile.save', fields: profileFields })).toBe(false)
  if (snapshot.context.saved) expect(snapshot.context.error).toBeNull()
}

describe('profile machine: generated paths', () => {
  for (const path of plan.paths) it(`replays ${describePath(path.steps)}`, () => replayPath(profileMachine, path, { actors: profileModel.actors, serialize: plan.serialize, expectations }))
})
