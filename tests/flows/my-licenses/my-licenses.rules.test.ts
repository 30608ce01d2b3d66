import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { License } from '@/common/contract'
import { myLicensesMachine, type FirstPage } from '@/machines/my-licenses.machine'
import { addressee } from '@/testkit/addressee'
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

  // Opened with the area (decision 0036): the page takes the session's first page and tells the session, which then forgets it.
  describe('opened with the area', () => {
    function takingFirstPage(first: FirstPage) {
      const told: string[] = []
      let loads = 0
      const session = addressee<{ type: 'licenses.taken' }>((event) => void told.push(event.type))
      const actor = createActor(
        myLicensesMachine.provide({
          actors: {
            awaitFirstPage: fromPromise(async () => first),
            loadLicenses: fromPromise(async () => {
              loads++
              return [commercialLicense]
            }),
          },
        }),
        {
          input: { fromSession: true, session },
        },
      ).start()
      return { actor, told, loads: () => loads }
    }

    it('shows the cards of the first page and tells the session it took them, without loading', async () => {
      const { actor, told, loads } = takingFirstPage({ found: 'licenses', licenses: [plusLicense] })
      await settle()
      expect(actor.getSnapshot().value).toBe('licensed')
      expect(actor.getSnapshot().context.licenses).toEqual([plusLicense])
      expect(told).toEqual(['licenses.taken'])
      expect(loads()).toBe(0)
    })

    it("shows the first page's failure with Try again and tells the session it took it", async () => {
      const { actor, told } = takingFirstPage({ found: 'failure', message: 'There was a problem connecting to the server. Please try again.' })
      await settle()
      expect(actor.getSnapshot().value).toBe('failed')
      expect(actor.getSnapshot().context.error).toBe('There was a problem connecting to the server. Please try again.')
      expect(told).toEqual(['licenses.taken'])
    })

    it('loads its own cards when the session has no first page left, and tells it nothing', async () => {
      const { actor, told, loads } = takingFirstPage({ found: 'none' })
      await settle()
      expect(loads()).toBe(1)
      expect(actor.getSnapshot().context.licenses).toEqual([commercialLicense])
      expect(told).toEqual([])
    })
  })
})
