import { describe, expect, it } from 'vitest'
import { createActor, toPromise } from 'xstate'
import { fetchApi } from '@/tests/support/fetch-api'
import { upgradeActors } from '@/src/features/upgrade/upgrade.actors'

function previewCall(status: number, body: unknown) {
  const { api, requests } = fetchApi({ status, body })
  const actor = createActor(upgradeActors(api, () => 'https://localhost/account/licenses').loadUpgradePreview, { input: { priceId: 'commercial-plus', quantity: 5 } }).start()
  return { preview: toPromise(actor), requests }
}

describe('the upgrade preview call', () => {
  it('asks GET /api/stripe/upgrade-preview with the plan and seats, with the read scope', async () => {
    const answer = { amountDue: 83014, annualTotal: 249500, renewsOn: '2027-09-19T00:00:00.000Z' }
    const { preview, requests } = previewCall(200, answer)
    await expect(preview).resolves.toEqual(answer)
    expect(requests[0]!.method).toBe('GET')
    expect(requests[0]!.url).toBe('https://localhost/api/stripe/upgrade-preview?priceId=commercial-plus&quantity=5')
    expect(requests[0]!.headers.get('Authorization')).toBe('Bearer token-read')
  })

  it('fails with the catalogue message, or on an answer that is not a preview', async () => {
    await expect(previewCall(429, {}).preview).rejects.toThrow("You've made too many requests. Please wait a moment and try again.")
    await expect(previewCall(200, { amountDue: -1, annualTotal: 0, renewsOn: 'soon' }).preview).rejects.toThrow(
      'An unexpected error occurred. Please try again or contact support if the problem persists.',
    )
  })
})
