import { describe, expect, it } from 'vitest'
import { createActor, toPromise } from 'xstate'
import { fetchApi } from '@/tests/support/fetch-api'
import { purchaseCompleteActors } from '@/src/features/purchase/purchase-complete.actors'

/** The real client over a fetch that answers every request with the given status and body. */
function statusCall(status: number, body: unknown) {
  const { api, requests } = fetchApi({ status, body })
  const actor = createActor(purchaseCompleteActors(api).loadCheckoutStatus, { input: { sessionId: 'cs_test_a/b' } }).start()
  return { outcome: toPromise(actor), requests }
}

describe('the checkout status call', () => {
  it('asks GET /api/stripe/checkout-sessions/{id} with the read scope and answers the status', async () => {
    const { outcome, requests } = statusCall(200, { status: 'processing' })
    await expect(outcome).resolves.toBe('processing')
    expect(requests[0]!.method).toBe('GET')
    expect(requests[0]!.url).toBe('https://localhost/api/stripe/checkout-sessions/cs_test_a%2Fb')
    expect(requests[0]!.headers.get('Authorization')).toBe('Bearer token-read')
  })

  it("reads 404 (a made-up or someone else's session) as an answer: unknown", async () => {
    await expect(statusCall(404, { message: 'No such checkout session' }).outcome).resolves.toBe('unknown')
  })

  it('fails with the catalogue message otherwise', async () => {
    await expect(statusCall(503, undefined).outcome).rejects.toThrow("We're experiencing technical difficulties. Please try again later or contact support if the problem persists.")
    await expect(statusCall(200, { status: 'lost' }).outcome).rejects.toThrow('An unexpected error occurred. Please try again or contact support if the problem persists.')
  })
})
