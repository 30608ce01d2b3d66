import type Stripe from 'stripe'
import { testClock as buildTestClock } from '../objects/customers'
import { unix } from '../objects/ids'
import { errors, read } from '../protocol'
import { insert, list, mustLoad, save } from '../store'
import { advanceSubscriptions } from '../renewals'
import { expireQuotes } from '../quotes'
import { retrieve, route, type Route } from './router'

/** Test clocks: a customer's time, frozen and advanced by hand. */

export const testClockRoutes: Route[] = [
  route('POST', '/test_helpers/test_clocks', async (ctx, call) => {
    const frozenTime = read.integer(call.params, 'frozen_time', { required: true })!
    const clock = buildTestClock({ created: unix(Date.now()), frozenTime, name: read.string(call.params, 'name') ?? null })
    await insert(ctx.q, clock, { testClock: clock.id })
    return clock
  }),
  retrieve<Stripe.TestHelpers.TestClock>('/test_helpers/test_clocks/:id', 'test_helpers.test_clock'),
  route('GET', '/test_helpers/test_clocks', (ctx, call) => list<Stripe.TestHelpers.TestClock>(ctx.q, 'test_helpers.test_clock', {}, call.page(), '/v1/test_helpers/test_clocks')),
  route('POST', '/test_helpers/test_clocks/:id/advance', async (ctx, call) => {
    const clock = (await mustLoad<Stripe.TestHelpers.TestClock>(ctx.q, 'test_helpers.test_clock', call.path.id!, { lock: true })).data
    const frozenTime = read.integer(call.params, 'frozen_time', { required: true })!
    if (frozenTime <= clock.frozen_time) throw errors.invalid('frozen_time', `The frozen_time must be after the test clock's current frozen time (${clock.frozen_time}).`)
    clock.frozen_time = frozenTime
    clock.status = 'ready'
    await save(ctx.q, clock)
    // What happens as time passes is caused by the clock, not by this request.
    const clockCtx = { ...ctx, request: { id: null, idempotencyKey: null } }
    const customers = await list<Stripe.Customer>(ctx.q, 'customer', { testClock: clock.id }, { limit: 10_000 }, '')
    for (const customer of customers.data.reverse()) {
      await advanceSubscriptions(clockCtx, customer, frozenTime)
      await expireQuotes(clockCtx, customer, frozenTime)
    }
    return clock
  }),
]
