import { describe, expect, it } from 'vitest'
import { PaymentBusyError } from '@/server/payments/errors'
import { CallerGoneError } from '@/server/payments/errors'
import { createStripeSlots } from '@/server/payments/stripe-slots'

describe('the cap on calls to Stripe in flight', () => {
  it('lets `max` calls run at once, the next ones wait in line and take the slots in turn', async () => {
    const slots = createStripeSlots({ max: 2, maxWaitMs: 1_000 })
    const order: string[] = []
    const releases = [await slots.acquire(), await slots.acquire()]
    const waiting = ['c', 'd'].map((name) => slots.acquire().then((release) => (order.push(name), release)))
    expect([slots.inUse(), slots.waiting()]).toEqual([2, 2])
    releases[0]!()
    releases[0]!() // a release given twice frees one slot only
    const c = await waiting[0]!
    expect([order, slots.waiting()]).toEqual([['c'], 1])
    releases[1]!()
    ;(await waiting[1]!)()
    c()
    expect([slots.inUse(), slots.waiting()]).toEqual([0, 0])
  })

  it('refuses a call that waited its time, naming the seconds to wait, and leaves the line as it was', async () => {
    const slots = createStripeSlots({ max: 1, maxWaitMs: 20 })
    const held = await slots.acquire()
    const refused = await slots.run(async () => 'ran').catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(PaymentBusyError)
    expect(refused).toMatchObject({ retryAfterSeconds: 1, message: 'Payments are busy right now. Please wait a moment and try again.' })
    expect(slots.waiting()).toBe(0)
    held()
    expect(await slots.run(async () => 'ran')).toBe('ran')
    expect(slots.inUse()).toBe(0)
  })

  it("gives one person one slot at a time, and the webhooks and the jobs slots the API's calls never take (decision 0051)", async () => {
    const slots = createStripeSlots({ max: 2, maxWaitMs: 1_000, webhooks: 1, jobs: 1 })
    const ada = { lane: 'api', person: 'ada' } as const
    const first = await slots.acquire(ada)
    let second: (() => void) | null = null
    const waiting = slots.acquire(ada).then((release) => (second = release))
    // Ada's second call waits for her first, while another person's and a webhook's take slots at once.
    const bob = await slots.acquire({ lane: 'api', person: 'bob' })
    const [webhook, job] = await Promise.all([slots.acquire({ lane: 'webhooks' }), slots.acquire({ lane: 'jobs' })])
    expect([slots.inUse(), second]).toEqual([2, null])
    first()
    await waiting
    expect(slots.inUse()).toBe(2)
    for (const release of [second!, bob, webhook, job]) release()
    expect([slots.inUse(), slots.people()]).toEqual([0, 0])
  })

  it('stops waiting for a slot when the request it is for is aborted', async () => {
    const slots = createStripeSlots({ max: 1, maxWaitMs: 5_000 })
    const held = await slots.acquire()
    const request = new AbortController()
    const waiting = slots.acquire({ lane: 'api', person: 'gone', signal: request.signal }).catch((error: unknown) => error)
    request.abort()
    expect(await waiting).toBeInstanceOf(CallerGoneError)
    expect([slots.waiting(), slots.people()]).toEqual([0, 0])
    held()
  })
})
