import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, type ActorRefFrom } from 'xstate'
import type { AssignedLicense, Stats } from '@/common/contract'
import { manageLicensesMachine } from '@/machines/manage-licenses.machine'
import { upgradeMachine, type UpgradeInput } from '@/machines/upgrade.machine'
import { plans, upgradePaths } from '@/common/plans'
import { settle } from '@/testkit/settle'

/** Spec sections 4, 5 and 9: the upgrade's plans and seats, and the seats of Buy Additional Licenses. */
const commercialPlus = { priceId: 'commercial-plus', name: 'Commercial Plus', price: 49900 } as const
const commercial = { priceId: 'commercial', name: 'Commercial', price: 29900 } as const

const wizard = (input: UpgradeInput) => createActor(upgradeMachine, { input }).start()
const fromCommercial = (seats: number) => wizard({ currentPriceId: 'commercial', targets: [commercialPlus], seats })

describe('the upgrade wizard starts', () => {
  it('with as many seats as the licenses purchased, within 1 to 500 [S9.upgrade-default-seats]', () => {
    expect([5, 1, 500, 0, 800, 3.7, Number.NaN].map((seats) => fromCommercial(seats).getSnapshot().context.seats)).toEqual([5, 1, 500, 1, 500, 3, 1])
  })

  it('on the first plan it may go to, or on none when there is none', () => {
    expect(wizard({ currentPriceId: 'community', targets: [commercial, commercialPlus], seats: 1 }).getSnapshot().context.priceId).toBe('commercial')
    const none = wizard({ currentPriceId: 'commercial-plus', targets: [], seats: 1 })
    expect(none.getSnapshot().context.priceId).toBeNull()
    expect(none.getSnapshot().can({ type: 'wizard.continue' })).toBe(false)
  })
})

describe('the seats of the upgrade', () => {
  it('take whole numbers from 1 to 500 and refuse the rest [S5.seats.minimum S5.seats.upgrade-maximum S9.seats]', () => {
    const actor = fromCommercial(5)
    const after = (seats: number) => (actor.send({ type: 'seats.change', seats }), actor.getSnapshot().context.seats)
    expect([1, 0, 500, 501, 2.5, -3, 42].map(after)).toEqual([1, 1, 500, 500, 500, 500, 42])
  })
})

/** Manage Licenses loaded with these stats and no assigned license (no dialog here sends anything). */
function manageLicenses(stats: Stats) {
  const machine = manageLicensesMachine.provide({
    actors: { loadStats: fromPromise(async () => stats), loadAssigned: fromPromise(async (): Promise<AssignedLicense[]> => []) },
  })
  return createActor(machine, { input: { checkoutReturned: false, plans, upgradePaths } }).start()
}
/** The context of the upgrade wizard Manage Licenses runs as its child. */
const wizardContext = (actor: ReturnType<typeof manageLicenses>) => (actor.getSnapshot().children.upgrade as ActorRefFrom<typeof upgradeMachine> | undefined)?.getSnapshot().context

const loaded = async (actor: ReturnType<typeof manageLicenses>) => {
  await settle()
  expect(actor.getSnapshot().matches('ready')).toBe(true)
  return actor
}

describe('Manage Licenses opens the upgrade wizard', () => {
  it('with the licenses purchased as its seats, the plans above the current one, or 1 seat when none was purchased', async () => {
    const commercialOwner = await loaded(manageLicenses({ subscription: 'Commercial', priceId: 'commercial', purchased: 5, assigned: 2, available: 3 }))
    commercialOwner.send({ type: 'upgrade.open' })
    expect(wizardContext(commercialOwner)).toMatchObject({ seats: 5, priceId: 'commercial-plus', targets: [commercialPlus] })

    const communityOwner = await loaded(manageLicenses({ subscription: 'Community', priceId: 'community', purchased: 0, assigned: 0, available: 0 }))
    communityOwner.send({ type: 'upgrade.open' })
    expect(wizardContext(communityOwner)).toMatchObject({ seats: 1, priceId: 'commercial', targets: [commercial, commercialPlus] })
  })
})

describe('Buy Additional Licenses', () => {
  it('takes any whole number of seats from 1, with no maximum', async () => {
    const actor = await loaded(manageLicenses({ subscription: 'Commercial', priceId: 'commercial', purchased: 2, assigned: 2, available: 0 }))
    actor.send({ type: 'purchase.open' })
    const after = (seats: number) => (actor.send({ type: 'seats.change', seats }), actor.getSnapshot().context.seats)
    expect([3, 0, 1, 1.5, 10_000, -1].map(after)).toEqual([3, 3, 1, 1, 10_000, 10_000])
  })
})
