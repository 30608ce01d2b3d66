import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import type { RegeneratedKey } from '@/common/contract'
import { keyRotationMachine, type RotationSeat } from '@/machines/key-rotation.machine'
import { answersInTurn } from '@/testkit/answers'
import { adaSeat, newKey } from '@/testkit/flows/key-rotation/key-rotation.model'
import { addressee } from '@/testkit/addressee'
import { settle } from '@/testkit/settle'

/** Key rotation: after the new key shows, the dialog closes, or 'Regenerate key' asks again from the start. */
const bobSeat: RotationSeat = { licenseId: 'seat_bob', holderName: 'Bob Builder', holderEmail: 'bob@example.com' }

async function rotated() {
  const regenerate = answersInTurn<RegeneratedKey, { licenseId: string }>([{ licenseId: adaSeat.licenseId, licenseKey: newKey }])
  const actor = createActor(keyRotationMachine.provide({ actors: { regenerateKey: regenerate.logic } }), { input: {} }).start()
  actor.send({ type: 'rotation.request', seat: adaSeat })
  actor.send({ type: 'rotation.confirm' })
  await settle()
  expect(actor.getSnapshot().value).toBe('done')
  expect(actor.getSnapshot().context.licenseKey).toBe(newKey)
  return actor
}

describe('Regenerate key', () => {
  it('tells the licenses list, the key dialog and Recent activity it was given of the new key', async () => {
    const told: unknown[] = []
    const hear = (event: object) => void told.push(event)
    const regenerate = answersInTurn<RegeneratedKey, { licenseId: string }>([{ licenseId: adaSeat.licenseId, licenseKey: newKey }])
    const actor = createActor(keyRotationMachine.provide({ actors: { regenerateKey: regenerate.logic } }), {
      input: { licenses: addressee(hear), keyDialog: addressee(hear), activity: addressee(hear) },
    }).start()
    actor.send({ type: 'rotation.request', seat: adaSeat })
    actor.send({ type: 'rotation.confirm' })
    await settle()
    expect(told).toEqual([{ type: 'license.keyRegenerated', licenseId: adaSeat.licenseId, licenseKey: newKey }, { type: 'key.regenerated', licenseKey: newKey }, { type: 'activity.refresh' }])
  })

  it('closes after the new key shows, forgetting the seat and the key', async () => {
    const actor = await rotated()
    actor.send({ type: 'rotation.close' })
    expect(actor.getSnapshot().value).toBe('idle')
    expect(actor.getSnapshot().context).toEqual({ seat: null, licenseKey: null, error: null })
  })

  it('asks again for confirmation when another key is to change after one was regenerated', async () => {
    const actor = await rotated()
    actor.send({ type: 'rotation.request', seat: bobSeat })
    expect(actor.getSnapshot().value).toBe('confirming')
    expect(actor.getSnapshot().context).toEqual({ seat: bobSeat, licenseKey: null, error: null })
  })
})
