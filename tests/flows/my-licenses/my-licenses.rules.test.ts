import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { License } from '@/common/contract'
import { myLicensesMachine } from '@/machines/my-licenses.machine'
import { settle } from '@/testkit/settle'
import { plusLicense } from '@/testkit/flows/my-licenses/my-licenses.model'

/** Spec sections 2 and 6: the cards of My Licenses. */
const commercialLicense: License = { ...plusLicense, id: 'seat_commercial_1', subscription: 'Commercial', priceId: 'commercial', accountEmail: 'commercial@example.com' }

function myLicenses(answers: (() => Promise<License[]>)[]) {
  let loads = 0
  const actor = createActor(myLicensesMachine.provide({ actors: { loadLicenses: fromPromise(() => answers[loads++]!()) } })).start()
  return { actor, loads: () => loads }
}

describe('My Licenses', () => {
  it('marks only the Commercial Plus cards as connected to Discord', async () => {
    const { actor } = myLicenses([async () => [commercialLicense, plusLicense]])
    await settle()
    actor.send({ type: 'license.discordConnected' })
    expect(actor.getSnapshot().context.licenses.map((license) => [license.priceId, license.discordConnected])).toEqual([
      ['commercial', false],
      ['commercial-plus', true],
    ])
  })

  it('loads again on Try again after a failed load', async () => {
    const { actor, loads } = myLicenses([() => Promise.reject(new Error('There was a problem connecting to the server. Please try again.')), async () => [plusLicense]])
    await settle()
    expect(actor.getSnapshot().value).toBe('failed')
    actor.send({ type: 'licenses.reload' })
    await settle()
    expect(loads()).toBe(2)
    expect(actor.getSnapshot().value).toBe('licensed')
  })
})
