import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { purchaseCompleteMachine, type CheckoutOutcome } from '@/machines/purchase-complete.machine'
import { selectPurchaseComplete } from '@/src/features/purchase/purchase-complete.select'

/** Spec section 2: the purchase completion page while the checkout's status is asked. */
describe('the purchase completion page', () => {
  afterEach(() => void vi.useRealTimers())

  it("says 'checking' while the first answer is out, and 'setting up' while it asks again after a wait", async () => {
    vi.useFakeTimers({ now: 0 })
    const answers: ((outcome: CheckoutOutcome) => void)[] = []
    const loadCheckoutStatus = fromPromise<CheckoutOutcome, { sessionId: string }>(() => new Promise((resolve) => answers.push(resolve)))
    const actor = createActor(purchaseCompleteMachine.provide({ actors: { loadCheckoutStatus } }), { input: { success: true, sessionId: 'cs_test_1' } }).start()
    expect(selectPurchaseComplete(actor.getSnapshot()).outcome).toBe('checking')

    answers[0]!('processing')
    await vi.advanceTimersByTimeAsync(1_000)
    // The second question is out and unanswered: the payment is known to have gone through.
    expect(answers).toHaveLength(2)
    expect(actor.getSnapshot().value).toBe('checking')
    expect(selectPurchaseComplete(actor.getSnapshot()).outcome).toBe('settingUp')
  })
})
