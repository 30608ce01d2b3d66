import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { purchaseCompleteMachine, type CheckoutOutcome, type PurchaseCompleteInput } from '@/machines/purchase-complete.machine'
import { selectPurchaseComplete } from '@/src/features/purchase/purchase-complete.select'
import { cancelledReturn, paidReturn, returnWithoutSession } from '@/testkit/flows/purchase-complete/purchase-complete.model'

describe('purchaseComplete machine: waiting for the webhook', () => {
  afterEach(() => void vi.useRealTimers())

  /** Starts the page with a status call answering each check in turn (the last answer repeats). */
  function start(answers: (CheckoutOutcome | Error)[], input: PurchaseCompleteInput = paidReturn) {
    const checks: { at: number; sessionId: string }[] = []
    const logFailure = vi.fn()
    const loadCheckoutStatus = fromPromise<CheckoutOutcome, { sessionId: string }>(async ({ input }) => {
      checks.push({ at: Date.now(), sessionId: input.sessionId })
      const answer = answers[Math.min(checks.length, answers.length) - 1]!
      if (answer instanceof Error) throw answer
      return answer
    })
    const actor = createActor(purchaseCompleteMachine.provide({ actors: { loadCheckoutStatus }, actions: { logFailure: (_, params) => logFailure(params.message) } }), { input }).start()
    return { actor, checks, logFailure }
  }

  it('asks again after 1, 2, 4, 8 and 15 s (30 s in all), then says the licenses are on their way', async () => {
    vi.useFakeTimers({ now: 0 })
    const { actor, checks } = start(['processing'])
    await vi.advanceTimersByTimeAsync(60_000)
    expect(checks.map((check) => check.at)).toEqual([0, 1_000, 3_000, 7_000, 15_000, 30_000])
    expect(checks.every((check) => check.sessionId === 'cs_test_1')).toBe(true)
    expect(actor.getSnapshot().value).toBe('delayed')
    expect(selectPurchaseComplete(actor.getSnapshot()).outcome).toBe('delayed')
  })

  it('shows the licenses ready once the webhook has been handled', async () => {
    vi.useFakeTimers({ now: 0 })
    const { actor, checks } = start(['processing', 'processing', 'fulfilled'])
    await vi.advanceTimersByTimeAsync(0)
    expect(selectPurchaseComplete(actor.getSnapshot()).outcome).toBe('settingUp')
    await vi.advanceTimersByTimeAsync(1_000)
    // Asking again: still setting up, not back to 'checking'.
    expect(selectPurchaseComplete(actor.getSnapshot()).outcome).toBe('settingUp')
    await vi.advanceTimersByTimeAsync(2_000)
    expect(actor.getSnapshot().value).toBe('fulfilled')
    expect(checks).toHaveLength(3)
  })

  it.each([['open' as const], ['unknown' as const]])('says Purchase Incomplete when the checkout is %s [S2.purchase-complete.result]', async (outcome) => {
    const { actor, logFailure } = start([outcome])
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('incomplete'))
    expect(logFailure).not.toHaveBeenCalled()
  })

  it('claims no failure when the status cannot be read: the licenses are on their way, and the error is logged', async () => {
    const { actor, checks, logFailure } = start([new Error('There was a problem connecting to the server. Please try again.')])
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('delayed'))
    expect(logFailure).toHaveBeenCalledExactlyOnceWith('There was a problem connecting to the server. Please try again.')
    expect(checks).toHaveLength(1)
  })

  it.each([[cancelledReturn], [returnWithoutSession], [{ success: false, sessionId: 'cs_test_1' }]])('asks nothing after a return without success=true and a session (%j)', (input) => {
    const { actor, checks } = start(['fulfilled'], input)
    expect(actor.getSnapshot().value).toBe('incomplete')
    expect(checks).toEqual([])
  })
})
