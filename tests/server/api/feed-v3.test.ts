import { beforeAll, expect, it } from 'vitest'
import { feedTokenUsername } from '@/common/contract'
import { formatLongDate } from '@/common/format'
import { newFeedTokenSecret, feedTokenDigest } from '@/server/feed/feed-token-secret'
import { describeApi } from '@/tests/support/server/api-fixture'

const basic = (email: string, key: string) => `Basic ${Buffer.from(`${email}:${key}`).toString('base64')}`
const base = 'https://localhost:5173/v3/'
const nupkg = (id: string, version: string) => `/v3/flatcontainer/${id}/${version}/${id}.${version}.nupkg`
const afterMay = "Prism.Plus.Popups 9.1.0 was released after this license's updates ended on May 31, 2026"
const noPrivatePackages = 'This Commercial license includes no private packages: they come with Commercial Plus.'

/**
 * The feed's answers per credential (docs/feed-coverage.md): the metadata the proxy passes on from
 * GET /api/feed/v3/…, and the decision it asks before each package file (GET /api/feed/authorize
 * with X-Original-URI). The demo's seats: plus@ (live Commercial Plus), lapsed@ (Commercial Plus
 * paid until May 31, 2026, then ended), commercial@ (live Commercial).
 */
describeApi('the package feed per credential on $name', (api) => {
  const keys: Record<string, string> = {}
  beforeAll(async () => {
    for (const row of await api.db.query<{ email: string; license_key: string }>(
      "select lower(assignee_email) as email, license_key from seats where lower(assignee_email) in ('plus@example.com', 'lapsed@example.com', 'commercial@example.com')",
    ))
      keys[row.email] = row.license_key
  })
  const as = (email: string) => basic(email, keys[email]!)

  async function feed(path: string, authorization: string | null) {
    const answer = await api.app.request(`/api/feed/v3/${path}`, { headers: authorization ? { Authorization: authorization } : {} })
    const text = await answer.text()
    return { status: answer.status, body: text ? JSON.parse(text) : null, warnings: answer.headers.get('x-nuget-warning'), headers: answer.headers }
  }
  async function file(uri: string, authorization: string) {
    const answer = await api.app.request('/api/feed/authorize', { headers: { Authorization: authorization, 'X-Original-URI': uri } })
    return { status: answer.status, warning: answer.headers.get('x-nuget-warning'), body: await answer.text() }
  }
  const versions = async (id: string, email: string) => (await feed(`flatcontainer/${id}/index.json`, as(email))).body?.versions

  it('answers the service index to any valid credential, whatever its plan or standing, and the Basic challenge to anything else', async () => {
    for (const email of ['plus@example.com', 'lapsed@example.com', 'commercial@example.com']) {
      const index = await feed('index.json', as(email))
      expect(index.status, email).toBe(200)
      // A positive answer the proxy may keep: fresh a second, repeated while no portal answers for a day at most.
      expect(index.headers.get('cache-control'), email).toBe('max-age=1, stale-if-error=86400')
      expect(index.headers.get('x-feed-decided-at'), email).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/)
      expect(index.body.resources.find((resource: { '@type': string }) => resource['@type'] === 'PackageBaseAddress/3.0.0')['@id']).toBe(`${base}flatcontainer/`)
    }
    for (const authorization of [null, basic('plus@example.com', 'PRSM-WRONG'), basic('lapsed@example.com', keys['plus@example.com']!)]) {
      const refused = await feed('index.json', authorization)
      expect(refused.status).toBe(401)
      expect(refused.headers.get('cache-control')).toBe('no-store')
      expect(refused.headers.get('www-authenticate')).toBe('Basic realm="Prism packages"')
    }
  })

  it("lists to each credential only the versions it covers: a lapsed seat its paid year's, the fix dated into it included", async () => {
    expect(await versions('prism.plus.popups', 'plus@example.com')).toEqual(['9.0.0', '9.0.1', '9.1.0', '9.2.0'])
    expect(await versions('prism.plus.popups', 'lapsed@example.com')).toEqual(['9.0.0', '9.0.1'])
    expect(await versions('prism.plus.charts', 'lapsed@example.com')).toEqual(['1.0.0'])
    for (const email of ['plus@example.com', 'lapsed@example.com', 'commercial@example.com']) expect(await versions('prism.core', email), email).toEqual(['9.0.537'])
  })

  it('says why versions are not listed, one line, and says nothing when all are', async () => {
    const lapsed = await feed('flatcontainer/prism.plus.popups/index.json', as('lapsed@example.com'))
    expect(lapsed.warnings).toBe(`${afterMay}; so was 9.2.0. Renewing the license opens them.`)
    expect((await feed('flatcontainer/prism.plus.popups/index.json', as('plus@example.com'))).warnings).toBeNull()
    expect((await feed('flatcontainer/prism.plus.charts/index.json', as('lapsed@example.com'))).warnings).toBeNull()
  })

  it('refuses a Commercial seat the private packages, saying why, and opens it the public ones', async () => {
    const popups = await feed('flatcontainer/prism.plus.popups/index.json', as('commercial@example.com'))
    expect(popups.status).toBe(404)
    // Two headers, joined here by the Fetch API's ', ': the credential's own line first (on every answer a build prints), then the package's.
    expect(popups.warnings).toBe(`${noPrivatePackages}, Prism.Plus.Popups is not part of this Commercial license: it comes with Commercial Plus.`)
    expect((await feed('index.json', as('commercial@example.com'))).warnings).toBe(noPrivatePackages)
    expect((await feed('flatcontainer/prism.core/index.json', as('commercial@example.com'))).warnings).toBe(noPrivatePackages)
    expect(await file(nupkg('prism.plus.charts', '1.0.0'), as('commercial@example.com'))).toMatchObject({
      status: 403,
      warning: 'Prism.Plus.Charts is not part of this Commercial license: it comes with Commercial Plus.',
    })
    expect((await file(nupkg('prism.core', '9.0.537'), as('commercial@example.com'))).status).toBe(204)
  })

  it('lets a package file through when the credential covers it, and answers 403 with the reason when it does not', async () => {
    expect((await file(nupkg('prism.plus.popups', '9.0.1'), as('lapsed@example.com'))).status).toBe(204)
    expect((await file(nupkg('prism.plus.popups', '9.2.0'), as('plus@example.com'))).status).toBe(204)
    const refused = await file(nupkg('prism.plus.popups', '9.1.0'), as('lapsed@example.com'))
    expect(refused).toMatchObject({ status: 403, warning: `${afterMay}. Renewing the license opens them.` })
    expect(JSON.parse(refused.body)).toEqual({ message: refused.warning })
    expect((await file('/v3/flatcontainer/prism.plus.popups/9.1.0/prism.plus.popups.nuspec', as('lapsed@example.com'))).status).toBe(403)
    // Not a release the feed knows, or not a package file: the files' server answers (its 404).
    expect((await file(nupkg('prism.plus.popups', '9.9.9'), as('lapsed@example.com'))).status).toBe(204)
    expect((await file('/v3/index.json', as('lapsed@example.com'))).status).toBe(204)
  })

  it('reads package ids without regard to case, and versions in their normalized form', async () => {
    expect(await versions('Prism.Plus.Popups', 'lapsed@example.com')).toEqual(['9.0.0', '9.0.1'])
    expect(await versions('PRISM.PLUS.POPUPS', 'plus@example.com')).toHaveLength(4)
    expect((await file(nupkg('Prism.Plus.Popups', '9.1.0.0'), as('lapsed@example.com'))).status).toBe(403)
    expect((await feed('registration/Prism.Plus.Popups/9.0.1.json', as('lapsed@example.com'))).status).toBe(200)
  })

  it('answers 400 for an id or version outside NuGet’s grammar and 404 for one it does not have, never 500', async () => {
    const plus = as('plus@example.com')
    for (const path of [
      'flatcontainer/prism..plus/index.json',
      `flatcontainer/${'a'.repeat(101)}/index.json`,
      'flatcontainer/-prism/index.json',
      'registration/prism.plus.popups/9.x.json',
      'registration/prism.plus.popups/99999999999.0.json',
      'registration/a%20b/index.json',
      'flatcontainer/%E0%A4%A/index.json',
    ])
      expect((await feed(path, plus)).status, path).toBe(400)
    for (const path of [
      'flatcontainer/prism.nothing/index.json',
      'registration/prism.nothing/index.json',
      'registration/prism.plus.popups/9.9.9.json',
      'flatcontainer/prism.plus.popups/9.0.0',
      'nothing.json',
      '',
    ])
      expect((await feed(path, plus)).status, path).toBe(404)
    for (const uri of ['/v3/flatcontainer/%E0%A4%A/9.0.0/x.nupkg', nupkg('prism..plus', '9.0.0'), nupkg('prism.plus.popups', '9.0.0.0.0'), '/v3/flatcontainer/../../etc/passwd'])
      expect((await file(uri, plus)).status, uri).toBe(204)
  })

  it('lists the registrations and search as the version lists do, for each credential', async () => {
    const registration = await feed('registration/prism.plus.popups/index.json', as('lapsed@example.com'))
    expect(registration.body.items[0].items.map((leaf: { catalogEntry: { version: string } }) => leaf.catalogEntry.version)).toEqual(['9.0.0', '9.0.1'])
    expect(registration.warnings).toContain(afterMay)
    expect((await feed('registration/prism.plus.popups/9.1.0.json', as('lapsed@example.com'))).status).toBe(404)
    expect((await feed('registration/prism.plus.popups/index.json', as('commercial@example.com'))).status).toBe(404)
    const search = async (email: string) => (await feed('query?q=prism&take=10', as(email))).body
    expect((await search('lapsed@example.com')).data.map((hit: { id: string; version: string }) => `${hit.id} ${hit.version}`)).toEqual([
      'Prism.Core 9.0.537',
      'Prism.Plus.Charts 1.0.0',
      'Prism.Plus.Popups 9.0.1',
    ])
    expect((await search('commercial@example.com')).data.map((hit: { id: string }) => hit.id)).toEqual(['Prism.Core'])
    expect((await search('plus@example.com')).data.find((hit: { id: string }) => hit.id === 'Prism.Plus.Popups').versions).toHaveLength(4)
  })

  it('shows on My Licenses what each seat covers: the lapsed seat expired, its key still there, updates until May 31, 2026, 9.0.1 the newest', async () => {
    const [lapsed] = (await api.call('lapsed@example.com', 'GET', '/licenses')).body
    expect(lapsed).toMatchObject({ status: 'expired', licenseKey: keys['lapsed@example.com'], updatesUntil: '2026-05-31T23:59:59.000Z', newestCovered: '9.0.1' })
    const [live] = (await api.call('plus@example.com', 'GET', '/licenses')).body
    expect(live).toMatchObject({ status: 'active', updatesUntil: live.expirationDate, newestCovered: '9.2.0' })
    const [commercial] = (await api.call('commercial@example.com', 'GET', '/licenses')).body
    expect(commercial).toMatchObject({ updatesUntil: null, newestCovered: null })
  })

  it('keeps a token of an ended subscription working for what it covered, and lists it with that coverage for its owner to see and revoke', async () => {
    const secret = newFeedTokenSecret()
    await api.db.query(
      "insert into feed_tokens (id, subscription_id, created_by_oid, name, secret_sha256, last4, expires_at) select 'ftok_lapsedtoken1', id, owner_oid, 'Old CI', $1, $2, now() + interval '30 days' from subscriptions where id = 'sub_demo_lapsed'",
      [feedTokenDigest(secret), secret.slice(-4)],
    )
    expect((await feed('flatcontainer/prism.plus.popups/index.json', basic(feedTokenUsername, secret))).body).toEqual({ versions: ['9.0.0', '9.0.1'] })
    const [listed] = (await api.call('lapsed@example.com', 'GET', '/feed-tokens')).body
    expect(listed).toMatchObject({ id: 'ftok_lapsedtoken1', subscriptionEnded: true, updatesUntil: '2026-05-31T23:59:59.000Z', newestCovered: '9.0.1' })
    expect((await api.call('lapsed@example.com', 'DELETE', '/feed-tokens/ftok_lapsedtoken1')).status).toBe(204)
    expect((await feed('index.json', basic(feedTokenUsername, secret))).status).toBe(401)
  })

  it('warns a token about its expiry within 14 days and a subscription about its due payment, one line each, never naming the secret', async () => {
    const secret = newFeedTokenSecret()
    const expiresAt = new Date(Date.now() + 6 * 86_400_000)
    await api.db.query(
      "insert into feed_tokens (id, subscription_id, created_by_oid, name, secret_sha256, last4, expires_at) select 'ftok_feedv3test01', 'sub_demo_plus', owner_oid, 'CI', $1, $2, $3 from subscriptions where id = 'sub_demo_plus'",
      [feedTokenDigest(secret), secret.slice(-4), expiresAt.toISOString()],
    )
    await api.db.query("update subscriptions set status = 'past_due' where id = 'sub_demo_plus'")
    try {
      // Two headers, joined here by the Fetch API's ', ': the past-due line, then the token's; on the
      // service index and on every list a build asks for (NuGet prints only the lists' and files').
      const lines =
        "The payment for this license's Commercial Plus subscription is past due: the feed stays open while it is retried. Its owner can update the card in Billing., " +
        `This feed token expires on ${formatLongDate(expiresAt)}: its owner can make a new one on the Feed tokens page.`
      for (const path of ['index.json', 'flatcontainer/prism.plus.popups/index.json', 'flatcontainer/prism.core/index.json', 'registration/prism.plus.popups/index.json']) {
        const answer = await feed(path, basic(feedTokenUsername, secret))
        expect([answer.status, answer.warnings], path).toEqual([200, lines])
        expect(answer.warnings).not.toContain(secret)
      }
      expect(await versions('prism.plus.popups', 'plus@example.com')).toHaveLength(4)
    } finally {
      await api.db.query("update subscriptions set status = 'active' where id = 'sub_demo_plus'")
      await api.db.query("delete from feed_tokens where id = 'ftok_feedv3test01'")
    }
  })
})
