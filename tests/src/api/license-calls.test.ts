import { describe, expect, it } from 'vitest'
import { fetchApi } from '@/tests/support/fetch-api'

describe("issue 15's calls as the SPA sends them", () => {
  it('POST /api/licenses/{licenseId}/regenerate-key with no body, answering the new key', async () => {
    const { api, requests } = fetchApi({ status: 200, body: { licenseId: 'seat/1', licenseKey: 'PRSM-NEWKY-11111-22222-33333-44444' } })
    await expect(api.regenerateKey('seat/1')).resolves.toEqual({ licenseId: 'seat/1', licenseKey: 'PRSM-NEWKY-11111-22222-33333-44444' })
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual(['POST https://localhost/api/licenses/seat%2F1/regenerate-key'])
    expect(requests[0]!.body).toBeNull()
  })

  it('refuses an answer without a new key', async () => {
    const { api } = fetchApi({ status: 200, body: { licenseId: 'seat_1', licenseKey: '' } })
    await expect(api.regenerateKey('seat_1')).rejects.toThrow('An unexpected error occurred. Please try again or contact support if the problem persists.')
  })

  it('GET /api/account/activity: the first page without a cursor, the next one before it', async () => {
    const { api, requests } = fetchApi({ status: 200, body: { entries: [], nextCursor: null } })
    await api.activity({ before: null, limit: 10 })
    await api.activity({ before: 'cursor_2', limit: 10 })
    expect(requests.map((request) => request.url)).toEqual(['https://localhost/api/account/activity?limit=10', 'https://localhost/api/account/activity?before=cursor_2&limit=10'])
  })

  it("says a missing activity call in the catalogue's words", async () => {
    const { api } = fetchApi({ status: 404, body: undefined })
    await expect(api.activity({ before: null, limit: 10 })).rejects.toThrow("The requested information couldn't be found. Please try again or contact support.")
  })
})
