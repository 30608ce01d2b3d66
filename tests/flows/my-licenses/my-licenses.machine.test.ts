import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { myLicensesMachine } from '@/machines/my-licenses.machine'
import { idleActors } from '@/tests/support/run-paths'
import { myLicensesModel, plusLicense } from '@/testkit/flows/my-licenses/my-licenses.model'

describe('my licenses after a key rotation', () => {
  it('shows the new key on the card it belongs to, and leaves the others as they were', () => {
    const other = { ...plusLicense, id: 'seat_other', licenseKey: 'PRSM-OTHER-00000-00000-00000-00000' }
    const actor = createActor(myLicensesMachine.provide({ actors: idleActors(myLicensesModel.actors) } as never)).start()
    actor.send({ type: 'xstate.done.actor.loadLicenses', output: [plusLicense, other] } as never)
    actor.send({ type: 'license.keyRegenerated', licenseId: 'seat_plus_1', licenseKey: 'PRSM-NEWKY-11111-22222-33333-44444' })
    expect(actor.getSnapshot().context.licenses.map((license) => license.licenseKey)).toEqual(['PRSM-NEWKY-11111-22222-33333-44444', 'PRSM-OTHER-00000-00000-00000-00000'])
  })
})
