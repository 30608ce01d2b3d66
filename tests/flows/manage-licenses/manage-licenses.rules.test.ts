import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { AssignedLicense, AssignRequest, Stats } from '@/common/contract'
import { plans, upgradePaths, type PriceId } from '@/common/plans'
import { manageLicensesMachine } from '@/machines/manage-licenses.machine'
import { addressee } from '@/testkit/addressee'
import { settle } from '@/testkit/settle'

/**
 * Spec sections 2 and 4, told through what the page sends and what it is told: the rules the
 * generated paths cannot check, because a path planned from a machine never takes a transition the
 * machine lacks (a retry removed, a dialog that closes under its request) and never sees what an
 * actor was given.
 */
const cara: AssignedLicense = {
  id: 'seat_own',
  firstName: 'Cara',
  lastName: 'Commercial',
  email: 'commercial@example.com',
  expirationDate: '2027-11-22T00:00:00.000Z',
  lastFeedAccessAt: null,
  pending: false,
}
const ada: AssignRequest = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' }
const alan: AssignRequest = { firstName: 'Alan', lastName: 'Turing', email: 'alan@example.com' }
const seated = (request: AssignRequest, id: string): AssignedLicense => ({ ...request, id, expirationDate: '2027-11-22T00:00:00.000Z', lastFeedAccessAt: null, pending: false })

const freeSeats: Stats = { subscription: 'Commercial', priceId: 'commercial', purchased: 5, assigned: 1, available: 4 }
const noSeatLeft: Stats = { subscription: 'Commercial', priceId: 'commercial', purchased: 1, assigned: 1, available: 0 }
const noPlan: Stats = { subscription: null, priceId: null, purchased: 0, assigned: 0, available: 0 }

/** Manage Licenses over stand-ins that record what each call was given, and the app's two actions counted. */
function manageLicenses(stats: Stats, options: { failFirstLoad?: boolean; hold?: boolean } = {}) {
  const sent = { loads: 0, assign: [] as AssignRequest[], unassign: [] as unknown[], checkout: [] as unknown[], changed: 0, checkoutUrls: [] as string[] }
  const held = () => (options.hold ? new Promise<never>(() => {}) : undefined)
  const machine = manageLicensesMachine.provide({
    actors: {
      loadStats: fromPromise(async () => {
        sent.loads++
        if (options.failFirstLoad && sent.loads === 1) throw new Error('There was a problem connecting to the server. Please try again.')
        return stats
      }),
      loadAssigned: fromPromise(async (): Promise<AssignedLicense[]> => [cara]),
      assignLicense: fromPromise(async ({ input }: { input: AssignRequest }) => {
        sent.assign.push(input)
        await held()
        return seated(input, `seat_${sent.assign.length}`)
      }),
      unassignLicense: fromPromise(async ({ input }: { input: { licenseId: string } }) => {
        sent.unassign.push(input)
        await held()
      }),
      createCheckoutSession: fromPromise(async ({ input }: { input: { priceId: PriceId; quantity: number } }) => {
        sent.checkout.push(input)
        await held()
        return { url: 'https://checkout.example.com/cs_1' }
      }),
    },
    actions: {
      goToCheckout: (_, params: { url: string }) => void sent.checkoutUrls.push(params.url),
    },
  })
  // Recent activity, which it tells of every change.
  const activity = addressee<{ type: 'activity.refresh' }>(() => void sent.changed++)
  const actor = createActor(machine, { input: { checkoutReturned: false, plans, upgradePaths, activity } }).start()
  return { actor, sent, state: () => actor.getSnapshot().value, context: () => actor.getSnapshot().context }
}

describe('Manage Licenses, loading', () => {
  it('loads again on Try again after a failed load, and shows the page', async () => {
    const page = manageLicenses(freeSeats, { failFirstLoad: true })
    await settle()
    expect(page.state()).toBe('failed')
    page.actor.send({ type: 'licenses.reload' })
    await settle()
    expect(page.sent.loads).toBe(2)
    expect(page.state()).toEqual({ ready: 'none' })
    expect(page.context().error).toBeNull()
  })
})

describe('Manage Licenses sends what the owner typed or picked', () => {
  it('assigns the person typed, says so, tells the app the licenses changed, and the notice goes when dismissed', async () => {
    const page = manageLicenses(freeSeats)
    await settle()
    page.actor.send({ type: 'assign.open' })
    page.actor.send({ type: 'assign.submit', assignee: ada })
    await settle()
    expect(page.sent.assign).toEqual([ada])
    expect(page.context().notice).toBe('License assigned to ada@example.com.')
    expect(page.sent.changed).toBe(1)
    page.actor.send({ type: 'notice.dismiss' })
    expect(page.context().notice).toBeNull()
  })

  it('assigns pasted lines one by one, each with its own person, then tells the app once', async () => {
    const page = manageLicenses(freeSeats)
    await settle()
    page.actor.send({ type: 'assign.open' })
    page.actor.send({ type: 'bulk.open' })
    page.actor.send({ type: 'bulk.change', lines: [ada, alan].map((request) => ({ text: request.email, request, error: null })) })
    page.actor.send({ type: 'bulk.submit' })
    await settle()
    await settle()
    expect(page.sent.assign).toEqual([ada, alan])
    expect(page.state()).toEqual({ ready: { assign: { bulk: 'finished' } } })
    expect(page.sent.changed).toBe(1)
  })

  it('sends no pasted line while one of them names no one', async () => {
    const page = manageLicenses(freeSeats)
    await settle()
    page.actor.send({ type: 'assign.open' })
    page.actor.send({ type: 'bulk.open' })
    page.actor.send({
      type: 'bulk.change',
      lines: [
        { text: ada.email, request: ada, error: null },
        { text: 'Grace, Hopper', request: null, error: 'Email is required' },
      ],
    })
    page.actor.send({ type: 'bulk.submit' })
    await settle()
    expect(page.sent.assign).toEqual([])
    expect(page.state()).toEqual({ ready: { assign: { bulk: 'editing' } } })
  })

  it('unassigns the license picked, and tells the app', async () => {
    const page = manageLicenses(freeSeats)
    await settle()
    page.actor.send({ type: 'unassign.request', license: cara })
    page.actor.send({ type: 'unassign.confirm' })
    await settle()
    expect(page.sent.unassign).toEqual([{ licenseId: 'seat_own' }])
    expect(page.context().notice).toBe('License unassigned from commercial@example.com.')
    expect(page.sent.changed).toBe(1)
  })

  it('opens the checkout for the plan and the seats chosen, and leaves for the address it answers', async () => {
    const page = manageLicenses(noSeatLeft)
    await settle()
    page.actor.send({ type: 'purchase.open' })
    page.actor.send({ type: 'seats.change', seats: 3 })
    page.actor.send({ type: 'checkout.start' })
    await settle()
    expect(page.sent.checkout).toEqual([{ priceId: 'commercial', quantity: 3 }])
    expect(page.sent.checkoutUrls).toEqual(['https://checkout.example.com/cs_1'])
    expect(page.state()).toBe('checkingOut')
  })
})

describe('Manage Licenses keeps a dialog open while its request is out', () => {
  it('for an assignment, an unassignment and a checkout', async () => {
    const steps: [Stats, ...Parameters<ReturnType<typeof manageLicenses>['actor']['send']>[0][]][] = [
      [freeSeats, { type: 'assign.open' }, { type: 'assign.submit', assignee: ada }],
      [freeSeats, { type: 'unassign.request', license: cara }, { type: 'unassign.confirm' }],
      [noSeatLeft, { type: 'purchase.open' }, { type: 'checkout.start' }],
    ]
    const open = []
    for (const [stats, ...events] of steps) {
      const page = manageLicenses(stats, { hold: true })
      await settle()
      events.forEach((event) => page.actor.send(event))
      page.actor.send({ type: 'dialog.close' })
      open.push(page.state())
    }
    expect(open).toEqual([{ ready: { assign: { single: 'submitting' } } }, { ready: { unassign: 'removing' } }, { ready: { purchase: 'redirecting' } }])
  })
})

describe('Manage Licenses without a plan', () => {
  it('offers neither Buy Additional Licenses nor an upgrade', async () => {
    const page = manageLicenses(noPlan)
    await settle()
    page.actor.send({ type: 'purchase.open' })
    page.actor.send({ type: 'upgrade.open' })
    expect(page.state()).toEqual({ ready: 'none' })
    expect(page.actor.getSnapshot().status).toBe('active')
  })
})
