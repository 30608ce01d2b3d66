import * as v from 'valibot'
import { expect, it } from 'vitest'
import { regeneratedKeySchema } from '@/common/contract'
import { describeApi } from '@/tests/support/server/api-fixture'

const notFound = { status: 404, body: { message: 'The license was not found.' } }

describeApi('key rotation on $name', (api) => {
  const regenerate = (email: string, licenseId: string, body?: unknown, headers?: Record<string, string>) =>
    api.call(email, 'POST', `/licenses/${encodeURIComponent(licenseId)}/regenerate-key`, body, headers)
  /** The key the holder sees on My Licenses for the seat. */
  const keyOf = async (holder: string, licenseId: string) =>
    ((await api.call(holder, 'GET', '/licenses')).body as { id: string; licenseKey: string }[]).find((license) => license.id === licenseId)?.licenseKey
  const latestActivity = async (owner: string) => (await api.call(owner, 'GET', '/account/activity?limit=1')).body.entries[0]

  it("gives the holder a new key for their own seat: the answer, My Licenses and the owner's activity show it", async () => {
    const old = await keyOf('dev1@example.com', 'seat_commercial_2')
    const answer = await regenerate('dev1@example.com', 'seat_commercial_2')
    expect(answer.status).toBe(200)
    const { licenseId, licenseKey } = v.parse(regeneratedKeySchema, answer.body)
    expect(licenseId).toBe('seat_commercial_2')
    expect(licenseKey).toMatch(/^PRSM(-[A-Z2-9]{5}){5}$/)
    expect(licenseKey).not.toBe(old)
    expect(await keyOf('dev1@example.com', 'seat_commercial_2')).toBe(licenseKey)
    expect(await api.db.query('select 1 from seats where license_key = $1', [old]), 'the old key is gone at once').toEqual([])
    expect(await latestActivity('commercial@example.com')).toMatchObject({
      kind: 'key-regenerated',
      actor: { name: 'Dev One', email: 'dev1@example.com' },
      subjectEmail: 'dev1@example.com',
      priceId: 'commercial',
      seats: null,
    })
  })

  it("lets the owner regenerate a holder's key, and their own", async () => {
    const old = await keyOf('dev1@example.com', 'seat_commercial_2')
    const theirs = await regenerate('commercial@example.com', 'seat_commercial_2')
    expect(theirs.status).toBe(200)
    expect(theirs.body.licenseKey).not.toBe(old)
    expect(await keyOf('dev1@example.com', 'seat_commercial_2')).toBe(theirs.body.licenseKey)
    expect(await latestActivity('commercial@example.com')).toMatchObject({
      kind: 'key-regenerated',
      actor: { name: 'Cara Commercial', email: 'commercial@example.com' },
      subjectEmail: 'dev1@example.com',
    })
    const own = await regenerate('commercial@example.com', 'seat_commercial_1')
    expect(own.status).toBe(200)
    expect(await keyOf('commercial@example.com', 'seat_commercial_1')).toBe(own.body.licenseKey)
  })

  it('names a holder who has no account yet by their email', async () => {
    const answer = await regenerate('ana@example.com', 'seat_full_2')
    expect(answer.status).toBe(200)
    expect(await latestActivity('full@example.com')).toMatchObject({ kind: 'key-regenerated', actor: { name: 'ana@example.com', email: 'ana@example.com' }, subjectEmail: 'ana@example.com' })
  })

  it("answers 404 for someone else's seat, a free seat or an unknown one, and changes no key", async () => {
    const before = await keyOf('dev1@example.com', 'seat_commercial_2')
    expect(await regenerate('plus@example.com', 'seat_commercial_2')).toMatchObject(notFound)
    expect(await regenerate('ana@example.com', 'seat_commercial_2')).toMatchObject(notFound)
    expect(await regenerate('commercial@example.com', 'seat_commercial_5'), 'a free seat has no key in use').toMatchObject(notFound)
    expect(await regenerate('commercial@example.com', 'seat_madeup')).toMatchObject(notFound)
    expect(await keyOf('dev1@example.com', 'seat_commercial_2')).toBe(before)
  })

  it('takes no body or an empty JSON object, and refuses other bodies and over-long ids', async () => {
    expect((await regenerate('dev1@example.com', 'seat_commercial_2', {})).status).toBe(200)
    expect((await regenerate('dev1@example.com', 'seat_commercial_2', '', { 'Content-Length': '0' })).status).toBe(200)
    expect((await regenerate('dev1@example.com', 'seat_commercial_2', 'key please', { 'Content-Type': 'text/plain' })).status).toBe(415)
    expect((await regenerate('dev1@example.com', 'seat_commercial_2', '[]')).status).toBe(400)
    expect(await regenerate('dev1@example.com', 'x'.repeat(65))).toMatchObject({ status: 422, body: { message: 'licenseId must be at most 64 characters' } })
    const readOnly = await api.app.request('/api/licenses/seat_commercial_2/regenerate-key', {
      method: 'POST',
      headers: { Authorization: `Bearer ${await api.token('dev1@example.com', { scp: 'accounts.read' })}` },
    })
    expect(readOnly.status).toBe(403)
  })

  it("refuses an ended subscription's seat with 409 to its holder and owner, and 404 to anyone else", async () => {
    await api.stripe.subscriptions.cancel('sub_demo_full')
    await api.sandbox.webhooks.drain()
    for (const email of ['full@example.com', 'ana@example.com']) {
      const answer = await regenerate(email, 'seat_full_2')
      expect(answer.status).toBe(409)
      expect(answer.body.message).toMatch(/expired/)
    }
    expect(await regenerate('plus@example.com', 'seat_full_2')).toMatchObject(notFound)
    expect((await latestActivity('full@example.com')).kind).toBe('expiry')
  })
})
