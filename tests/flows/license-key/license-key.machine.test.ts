import { describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import { licenseKeyMachine } from '@/machines/license-key.machine'
import { plusLicense } from '@/testkit/flows/my-licenses/my-licenses.model'

describe('license key dialog', () => {
  it("copies the key on 'Copy and Close' [S2.my-licenses.copy-and-close]", () => {
    const copyKey = vi.fn()
    const actor = createActor(licenseKeyMachine.provide({ actions: { copyKey: (_, params) => copyKey(params.licenseKey) } })).start()
    actor.send({ type: 'dialog.open', license: plusLicense })
    actor.send({ type: 'key.copyAndClose' })
    expect(copyKey).toHaveBeenCalledWith(plusLicense.licenseKey)
    expect(actor.getSnapshot().value).toBe('closed')
  })

  it('copies the new key after a rotation, not the old one', () => {
    const copyKey = vi.fn()
    const actor = createActor(licenseKeyMachine.provide({ actions: { copyKey: (_, params) => copyKey(params.licenseKey) } })).start()
    actor.send({ type: 'dialog.open', license: plusLicense })
    actor.send({ type: 'key.regenerated', licenseKey: 'PRSM-NEWKY-11111-22222-33333-44444' })
    actor.send({ type: 'key.copyAndClose' })
    expect(copyKey.mock.calls).toEqual([['PRSM-NEWKY-11111-22222-33333-44444']])
  })
})
