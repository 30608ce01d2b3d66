import { describe, expect, it } from 'vitest'
import { createActor, setup } from 'xstate'
import { myLicensesMachine } from '../../machines/my-licenses.machine'
import { notProvidedCallback } from '../../machines/not-provided'
import { settle } from '../../testkit/settle'

/** A machine run without the app's actors says which one is missing, instead of waiting forever. */
describe('an actor the app did not provide', () => {
  it('fails the call it stands for, naming it', async () => {
    const actor = createActor(myLicensesMachine).start()
    await settle()
    expect(actor.getSnapshot().value).toBe('failed')
    expect(actor.getSnapshot().context.error).toBe("The actor 'loadLicenses' was not provided")
  })

  it('stops the long-running actor it stands for, naming it', () => {
    const listener = setup({ actors: { msalEvents: notProvidedCallback('msalEvents') } }).createMachine({ invoke: { src: 'msalEvents' } })
    const errors: unknown[] = []
    const actor = createActor(listener)
    actor.subscribe({ error: (error) => errors.push(error) })
    actor.start()
    expect(errors).toEqual([new Error("The actor 'msalEvents' was not provided")])
  })
})
