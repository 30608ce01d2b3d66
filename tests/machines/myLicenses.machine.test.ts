import { describe, expect, it } from 'vitest'
import { createActor, type SnapshotFrom } from 'xstate'
import { myLicensesMachine } from '../../machines/myLicenses.machine'
import { describePath, planPaths } from '../model/paths'
import { replayPath } from '../model/run'
import { idleActors } from '../model/run'
import { myLicensesModel, plusLicense } from './myLicenses.model'

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

describe('my licenses after a key rotation', () => {
  it('shows the new key on the card it belongs to, and leaves the others as they were', () => {
    const other = { ...plusLicense, id: 'seat_other', licenseKey: 'PRSM-OTHER-00000-00000-00000-00000' }
    const actor = createActor(myLicensesMachine.provide({ actors: idleActors(myLicensesModel.actors) } as never)).start()
    actor.send({ type: 'xstate.done.actor.loadLicenses', output: [plusLicense, other] } as never)
    actor.send({ type: 'license.keyRegenerated', licenseId: 'seat_plus_1', licenseKey: 'PRSM-NEWKY-11111-22222-33333-44444' })
    expect(actor.getSnapshot().context.licenses.map((license) => license.licenseKey)).toEqual(['PRSM-NEWKY-11111-22222-33333-44444', 'PRSM-OTHER-00000-00000-00000-00000'])
  })
})
