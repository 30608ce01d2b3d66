import fc from 'fast-check'
import { expect, it } from 'vitest'
import { describeApi } from '@/tests/support/server/api-fixture'
import { origin, person, startApi } from '@/tests/support/server/api-harness'
import { runHostileCalls, templates } from '@/tests/support/server/hostile-calls'
import { apiRoutes } from '@/common/api-paths'

const readCalls = [
  '/licenses',
  '/licenses/assigned',
  '/licenses/assigned.csv',
  '/feed-tokens',
  '/account/stats/',
  '/account/',
  '/stripe/has-default-payment-method',
  '/stripe/create-setup-intent',
] as const

const writeCalls = [
  ['POST', '/auth/login'],
  ['POST', '/licenses/assign'],
  ['POST', '/licenses/unassign'],
  ['POST', '/feed-tokens'],
  ['DELETE', '/feed-tokens/ftok_unknownid123'],
  ['PUT', '/account/'],
  ['POST', '/discord/connect'],
  ['POST', '/stripe/create-customer-portal-session'],
  ['POST', '/stripe/save-default-payment-method'],
  ['POST', '/stripe/upgrade-community-subscription'],
  ['POST', '/stripe/create-checkout-session'],
] as const

describeApi('the API’s guard on $name', (api, { open }) => {
  const get = async (token: string) => (await api.app.request('/api/licenses', { headers: { Authorization: `Bearer ${token}` } })).status

  it('answers 401 without a token, or with a token that is not valid', async () => {
    expect((await api.call(null, 'GET', '/licenses')).status).toBe(401)
    expect(await get('not-a-jwt')).toBe(401)
    expect(await get(await api.token('plus@example.com', { key: 'stranger' }))).toBe(401)
    expect(await get(await api.token('plus@example.com', { expiresIn: '-1m' }))).toBe(401)
    expect(await get(await api.token('plus@example.com', { issuer: 'https://evil.example.com/idp' }))).toBe(401)
    expect(await get(await api.token('plus@example.com', { audience: 'another-api' }))).toBe(401)
    expect(await get(await api.token('plus@example.com'))).toBe(200)
  })

  it('answers 403 without the scope: accounts.read for GET, accounts.write for POST and PUT [S6.scopes]', async () => {
    const readOnly = await api.token('plus@example.com', { scp: 'accounts.read' })
    const writeOnly = await api.token('plus@example.com', { scp: 'accounts.write' })
    expect(await get(writeOnly)).toBe(403)
    const write = await api.app.request('/api/licenses/assign', { method: 'POST', headers: { Authorization: `Bearer ${readOnly}`, 'Content-Type': 'application/json' }, body: '{}' })
    expect(write.status).toBe(403)
    expect(await write.json()).toEqual({ message: 'This action needs the accounts.write permission.' })
    // HEAD reads, as GET does.
    expect((await api.app.request('/api/licenses', { method: 'HEAD', headers: { Authorization: `Bearer ${readOnly}` } })).status).toBe(200)
  })

  it('guards every call: 401 without a token, 403 without its scope', async () => {
    const readOnly = await api.token('plus@example.com', { scp: 'accounts.read' })
    const writeOnly = await api.token('plus@example.com', { scp: 'accounts.write' })
    const send = (method: string, path: string, token: string | null) =>
      api.app.request(`/api${path}`, { method, headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), 'Content-Type': 'application/json' }, ...(method === 'GET' ? {} : { body: '{}' }) })
    for (const path of readCalls) {
      expect((await send('GET', path, null)).status, `GET ${path}`).toBe(401)
      expect((await send('GET', path, writeOnly)).status, `GET ${path}`).toBe(403)
    }
    for (const [method, path] of writeCalls) {
      expect((await send(method, path, null)).status, `${method} ${path}`).toBe(401)
      expect((await send(method, path, readOnly)).status, `${method} ${path}`).toBe(403)
    }
  })

  it('answers 400 to malformed JSON, 415 to another content type, 413 to a large body and 400 to deep nesting', async () => {
    expect((await api.call('plus@example.com', 'POST', '/licenses/assign', '{"firstName":')).status).toBe(400)
    expect((await api.call('plus@example.com', 'POST', '/licenses/assign', 'firstName=a', { 'Content-Type': 'application/x-www-form-urlencoded' })).status).toBe(415)
    // JSON's relatives are not JSON: a sequence of texts, or a list of types.
    for (const type of ['application/json-seq', 'application/json, text/plain'])
      expect((await api.call('plus@example.com', 'POST', '/discord/connect', { discordName: 'paula' }, { 'Content-Type': type })).status, type).toBe(415)
    expect((await api.call('plus@example.com', 'POST', '/discord/connect', '{"discordName":"a"}', { 'Content-Type': 'application/json; charset=utf-8' })).status).toBe(422)
    expect((await api.call('plus@example.com', 'POST', '/licenses/assign', { firstName: 'x'.repeat(70_000) })).status).toBe(413)
    const deep = JSON.stringify(Array.from({ length: 40 }).reduce<unknown>((inner) => ({ inner }), {}))
    expect((await api.call('plus@example.com', 'POST', '/licenses/assign', deep)).status).toBe(400)
    expect((await api.call('plus@example.com', 'POST', '/licenses/assign', '[1,2]')).status).toBe(400)
  })

  it('says in words what is wrong with a body, whether it declares its length or streams it', async () => {
    const assign = (body: string, headers: Record<string, string> = {}) => api.call('plus@example.com', 'POST', '/licenses/assign', body, headers)
    expect(await assign('{"firstName":')).toMatchObject({ status: 400, body: { message: 'The request body is not valid JSON.' } })
    expect(await assign('', { 'Content-Type': 'application/json' })).toMatchObject({ status: 400, body: { message: 'The request body is not valid JSON.' } })
    expect(await assign('{}', { 'Content-Type': 'text/plain' })).toMatchObject({ status: 415, body: { message: 'Send the request body as application/json.' } })
    const large = JSON.stringify({ firstName: 'x'.repeat(70_000) })
    expect(await assign(large)).toMatchObject({ status: 413, body: { message: 'The request body is too large.' } })
    expect(await assign(large, { 'Content-Length': String(large.length) })).toMatchObject({ status: 413, body: { message: 'The request body is too large.' } })
    expect(await assign('[1,2]')).toMatchObject({ status: 400, body: { message: 'The request body must be a JSON object.' } })
    expect(await assign('{"firstName":"Ada"}')).toMatchObject({ status: 422, body: { message: 'Last name is required; Email is required' } })
  })

  it('refuses a webhook event over 512 KB before reading its signature', async () => {
    const response = await api.app.request('/api/stripe/webhook', { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': 't=1,v1=x' }, body: 'x'.repeat(512 * 1024 + 1) })
    expect(response.status).toBe(413)
    expect(await response.json()).toEqual({ message: 'The event is too large.' })
  })

  it('refuses the NUL character, which the database cannot hold, in every text field with 422 naming it', async () => {
    const cara = person('commercial@example.com')
    const validBodies: [string, string, Record<string, unknown>][] = [
      ['POST', '/auth/login', { firstName: 'Cara', lastName: 'Commercial', email: cara.email, oid: cara.oid }],
      ['POST', '/licenses/assign', { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' }],
      ['POST', '/licenses/unassign', { licenseId: 'seat_1' }],
      ['POST', '/feed-tokens', { name: 'GitHub Actions' }],
      [
        'PUT',
        '/account/',
        {
          firstName: 'Cara',
          lastName: 'Commercial',
          image: '',
          github: '',
          companyName: 'Contoso',
          country: 'US',
          address: '1 Main',
          city: 'Springfield',
          state: 'IL',
          zip: '62701',
          emailAnnouncements: true,
        },
      ],
      ['POST', '/stripe/save-default-payment-method', { paymentMethodId: 'pm_card_visa' }],
      ['POST', '/stripe/create-checkout-session', { priceId: 'commercial', quantity: 1, successUrl: `${origin}/account`, cancelUrl: `${origin}/account` }],
    ]
    for (const [method, path, body] of validBodies) {
      for (const [field, value] of Object.entries(body)) {
        if (typeof value !== 'string') continue
        const answer = await api.call(cara.email, method, path, { ...body, [field]: `${value}\u0000x` })
        expect(answer.status, `${method} ${path} ${field}`).toBe(422)
        expect((answer.body as { message: string }).message.toLowerCase(), `${method} ${path} ${field}`).toContain(
          field === 'oid'
            ? 'oid'
            : field
                .replace(/([a-z])([A-Z])/g, '$1 $2')
                .toLowerCase()
                .split(' ')[0],
        )
      }
    }
  })

  it('limits each person’s rate with 429 and Retry-After', async () => {
    // A token back every 1,000 seconds: however slowly the machine answers, the fourth read finds none.
    const limited = await startApi(open, { readsPerSecond: 0.001, writesPerSecond: 0.001, burst: 3 })
    const answers = []
    for (let index = 0; index < 5; index++) answers.push(await limited.call('plus@example.com', 'GET', '/licenses'))
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429, 429])
    expect(Number(answers[3]!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect(answers[3]!.body).toEqual({ message: "You've made too many requests. Please wait a moment and try again." })
    expect((await limited.call('commercial@example.com', 'GET', '/licenses')).status).toBe(200)
    await limited.close()
  })

  it('lets a first burst within the limit through when its requests arrive at once (the bucket is made once)', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, () => api.call('full@example.com', 'GET', '/account/stats/')))
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 30 }, () => 200))
  })

  it('answers any random body to any write call with a 4xx, never a 5xx', async () => {
    const token = await api.token('commercial@example.com')
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...writeCalls),
        fc.oneof(
          fc.json(),
          fc.json({ stringUnit: 'binary' }),
          fc.anything().map((value) => JSON.stringify(value) ?? 'null'),
          fc.string(),
        ),
        async ([method, path], body) => {
          const response = await api.app.request(`/api${path}`, { method, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body })
          expect(response.status, `${method} ${path} ${body.slice(0, 80)}`).toBeLessThan(500)
          // The branch is the test: whatever the input, a refusal says why in words.
          if (response.status >= 400) expect(typeof (await response.json()).message).toBe('string')
        },
      ),
      { numRuns: 150 },
    )
  })

  it('has a well-formed request for every call of the API, from which the hostile ones are made', () => {
    expect(Object.keys(templates).sort()).toEqual(Object.keys(apiRoutes).sort())
  })

  // Last: its runs change the demo organisations as the callers may. HOSTILE_RUNS=<n> runs more (decision 0060).
  it('answers every call, as any caller, in any order, through either of two instances, with no 5xx and no change outside the caller’s organisation', async () => {
    const runs = Number(process.env.HOSTILE_RUNS ?? 60)
    const started = performance.now()
    const requests = await runHostileCalls(api, runs, 48)
    // The figures for the record (warn: the lint allows warn and error only).
    console.warn(`hostile calls: ${runs} runs, ${requests} requests, ${((performance.now() - started) / 1000).toFixed(1)} s`)
  }, 600_000)
})
