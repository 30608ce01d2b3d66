import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { purchaseCompleteMachine, type CheckoutOutcome, type PurchaseCompleteInput } from '@/machines/purchase-complete.machine'
import { settle } from '@/testkit/settle'

/**
 * Spec section 2, the purchase completion page: it asks where the checkout stands, and an answer
 * that settles it ends the flow (done), so nothing it started runs on.
 */
async function completion(answer: () => Promise<CheckoutOutcome>, input: PurchaseCompleteInput = { success: true, sessionId: 'cs_1' }) {
  const asked: unknown[] = []
  const logged: string[] = []
  const machine = purchaseCompleteMachine.provide({
    actors: { loadCheckoutStatus: fromPromise(async ({ input }: { input: { sessionId: string } }) => (asked.push(input), answer())) },
    actions: { logFailure: (_, params: { message: string }) => void logged.push(params.message) },
  })
  const actor = createActor(machine, { input }).start()
  await settle()
  const { value, status } = actor.getSnapshot()
  return { value, status, asked, logged }
}

describe('the purchase completion page', () => {
  it('ends with the licenses ready once the checkout is fulfilled, having asked once for its session', async () => {
    expect(await completion(async () => 'fulfilled')).toEqual({ value: 'fulfilled', status: 'done', asked: [{ sessionId: 'cs_1' }], logged: [] })
  })

  it('ends with the licenses on their way when the status cannot be read, and logs why', async () => {
    expect(await completion(() => Promise.reject(new Error('There was a problem connecting to the server. Please try again.')))).toEqual({
      value: 'delayed',
      status: 'done',
      asked: [{ sessionId: 'cs_1' }],
      logged: ['There was a problem connecting to the server. Please try again.'],
    })
  })

  it('ends incomplete for a checkout not paid, or a return without success, which it does not ask about', async () => {
    expect(await completion(async () => 'open')).toMatchObject({ value: 'incomplete', status: 'done' })
    expect(await completion(async () => 'fulfilled', { success: false, sessionId: 'cs_1' })).toEqual({ value: 'incomplete', status: 'done', asked: [], logged: [] })
  })
})
