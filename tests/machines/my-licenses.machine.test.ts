import { describe, expect, it } from 'vitest'
import { createActor, type EventObject } from 'xstate'
import { myLicensesMachine } from '../../machines/my-licenses.machine'
import type { License } from '../../common/contract'
import { expectContexts, type ContextTable, expectContextTableCoversMachine } from '../support/context-table'
import { describePath, planPaths } from '../../testkit/model/paths'
import { idleActors, replayPath } from '../support/run-paths'
import { myLicensesModel, plusLicense } from '../../testkit/models/my-licenses.model'

const plan = planPaths(myLicensesModel)
const sentAny = (sent: readonly EventObject[], type: string) => sent.some((event) => event.type === type)
const connectionFailed = 'There was a problem connecting to the server. Please try again.'

const contexts: ContextTable<{ licenses: License[]; error: string | null }> = {
  // Loading again after a failure keeps the message until the answer comes.
  'myLicenses.loading': (sent) => ({ licenses: [], error: sentAny(sent, 'xstate.error.actor.loadLicenses') ? connectionFailed : null }),
  // The model's one Commercial Plus seat: its new key once rotated, connected once Discord was joined.
  'myLicenses.licensed': (sent) => ({
    licenses: [
      {
        ...plusLicense,
        licenseKey: sentAny(sent, 'license.keyRegenerated') ? 'PRSM-NEWKY-11111-22222-33333-44444' : 'PRSM-AAAAA-BBBBB-CCCCC-DDDDD-EEEEE',
        discordConnected: sentAny(sent, 'license.discordConnected'),
      },
    ],
    error: null,
  }),
  'myLicenses.empty': { licenses: [], error: null },
  'myLicenses.failed': { licenses: [], error: connectionFailed },
}

describe('my licenses machine: generated paths', () => {
  it('says what the context holds in every state', () => expectContextTableCoversMachine(contexts as ContextTable<unknown>, myLicensesMachine))
  for (const path of plan.paths) {
    it(`replays ${describePath(path.steps)}`, () => replayPath(myLicensesMachine, path, { actors: myLicensesModel.actors, serialize: plan.serialize, expectations: expectContexts(contexts, path) }))
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
