import { describe, expect, it } from 'vitest'
import type { SnapshotFrom } from 'xstate'
import { myLicensesMachine } from '../../machines/myLicenses.machine'
import { describePath, planPaths } from '../model/paths'
import { replayPath } from '../model/run'
import { myLicensesModel } from './myLicenses.model'

const plan = planPaths(myLicensesModel)

function expectations(snapshot: SnapshotFrom<typeof myLicensesMachine>) {
  if (snapshot.matches('licensed')) expect(snapshot.context.licenses.length).toBeGreaterThan(0)
  if (snapshot.matches('empty')) expect(snapshot.context.licenses).toEqual([])
  if (snapshot.matches('failed')) expect(snapshot.context.error).toBe('There was a problem connecting to the server. Please try again.')
}

describe('my licenses machine: generated paths', () => {
  for (const path of plan.paths) {
    it(`replays ${describePath(path.steps)}`, () => replayPath(myLicensesMachine, path, { actors: myLicensesModel.actors, serialize: plan.serialize, expectations }))
  }
})
