import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { keyRotationMachine } from '@/machines/key-rotation.machine'
import { idleActors } from '@/tests/support/run-paths'
import { adaSeat, keyRotationModel, newKey, noSeat } from '@/testkit/flows/key-rotation/key-rotation.model'
import { settle } from '@/testkit/settle'

const notFound = "The requested information couldn't be found. Please try again or contact support."

describe('key rotation rules', () => {
  it('sends one request however often Regenerate key is pressed, and reports the new key once', async () => {
    const regenerate = vi.fn((licenseId: string) => Promise.resolve({ licenseId, licenseKey: newKey }))
    const keyRegenerated = vi.fn()
    const actor = createActor(
      keyRotationMachine.provide({
        actors: { regenerateKey: fromPromise(({ input }: { input: { licenseId: string } }) => regenerate(input.licenseId)) },
        actions: { keyRegenerated: (_, params) => keyRegenerated(params) },
      }),
      { input: {} },
    ).start()
    actor.send({ type: 'rotation.request', seat: adaSeat })
    actor.send({ type: 'rotation.confirm' })
    actor.send({ type: 'rotation.confirm' })
    actor.send({ type: 'rotation.close' })
    expect(actor.getSnapshot().value).toBe('regenerating')
    await settle()
    expect(regenerate.mock.calls).toEqual([['seat_new']])
    expect(keyRegenerated.mock.calls).toEqual([[{ licenseId: 'seat_new', licenseKey: 'PRSM-NEWKY-11111-22222-33333-44444' }]])
    expect(actor.getSnapshot().value).toBe('done')
  })

  it('refuses a request that names no seat', () => {
    const actor = createActor(keyRotationMachine.provide({ actors: idleActors(keyRotationModel.actors) } as never), { input: {} }).start()
    actor.send({ type: 'rotation.request', seat: noSeat })
    expect(actor.getSnapshot().value).toBe('idle')
  })

  it('keeps the seat after a failure, and Try again sends it again', async () => {
    let answer: Promise<{ licenseId: string; licenseKey: string }> = Promise.reject(new Error(notFound))
    answer.catch(() => {})
    const actor = createActor(keyRotationMachine.provide({ actors: { regenerateKey: fromPromise(() => answer) } }), { input: {} }).start()
    actor.send({ type: 'rotation.request', seat: adaSeat })
    actor.send({ type: 'rotation.confirm' })
    await settle()
    expect(actor.getSnapshot().value).toBe('failed')
    expect(actor.getSnapshot().context).toEqual({ seat: adaSeat, licenseKey: null, error: notFound })
    answer = Promise.resolve({ licenseId: 'seat_new', licenseKey: newKey })
    actor.send({ type: 'rotation.retry' })
    expect(actor.getSnapshot().context.error).toBeNull()
    await settle()
    expect(actor.getSnapshot().context.licenseKey).toBe('PRSM-NEWKY-11111-22222-33333-44444')
  })
})
