import type { IncomingMessage } from 'node:http'
import * as v from 'valibot'
import { beforeEach, expect, it } from 'vitest'
import { createdFeedTokenSchema, feedTokenUsername, feedTokensSchema } from '@/common/contract'
import { networkOf } from '@/server/feed/client-network'
import { noteProxied } from '@/server/http/client-address'
import { describeApi } from '@/tests/support/server/api-fixture'

const paula = 'plus@example.com'
const popups = '/v3/flatcontainer/prism.plus.popups/9.0.0/prism.plus.popups.9.0.0.nupkg'
const charts = '/v3/flatcontainer/prism.plus.charts/1.0.0/prism.plus.charts.1.0.0.nupkg'
const core = '/v3/flatcontainer/prism.core/9.0.537/prism.core.9.0.537.nupkg'
const suspendedWords = 'This feed token is suspended: it was used from more networks than its scope allows, and may have leaked. An owner can resume it, or revoke it, on the Feed tokens page.'

/** Issue 47's deployment keys: a feed token's package scope, its network limit, and the possible leak a network past it marks. */
describeApi('feed token scopes on $name', (api) => {
  const list = async () => v.parse(feedTokensSchema, (await api.call(paula, 'GET', '/feed-tokens')).body)
  async function made(body: object) {
    const answer = await api.call(paula, 'POST', '/feed-tokens', { name: 'Deploy', ...body })
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    return v.parse(createdFeedTokenSchema, answer.body)
  }
  /** The feed check for a package file, as nginx asks it, from a client at `address` (the connection's peer, or through the trusted proxy). */
  async function check(secret: string, file: string, address: string, forwarded?: { realIp: string; trusted: boolean }) {
    const incoming = { headers: forwarded ? { 'x-real-ip': forwarded.realIp } : {}, socket: { remoteAddress: address } } as unknown as IncomingMessage
    // What the request handler does for a peer TRUST_PROXY lists (server/http/).
    if (forwarded?.trusted) noteProxied(incoming)
    const authorization = `Basic ${Buffer.from(`${feedTokenUsername}:${secret}`).toString('base64')}`
    const answer = await api.app.request('/api/feed/authorize', { headers: { Authorization: authorization, 'X-Original-URI': file } }, { incoming })
    return { status: answer.status, warning: answer.headers.get('x-nuget-warning'), cache: answer.headers.get('cache-control') }
  }
  const mailsAbout = async (tokenId: string) =>
    await api.db.query<{ subject: string; text: string }>('select subject, text from mail_outbox where dedupe_key like $1', [`feed-token-leak:${tokenId}:%`])
  const activityOf = async (kind: string) => (await api.db.query<{ n: number }>("select count(*)::int as n from activity where kind = $1 and token_name = 'Deploy'", [kind]))[0]!.n

  beforeEach(async () => {
    await api.db.query('delete from feed_tokens')
    await api.db.query("delete from activity where kind like 'feed-token-%'")
    await api.db.query("delete from mail_outbox where dedupe_key like 'feed-token-leak:%'")
  })

  it('refuses a scope wider than the subscription covers with an error on the packages field, and keeps one within it', async () => {
    for (const wider of ['Prism.*', '*', 'Prism.Core', 'Prism.Plus*']) {
      const answer = await api.call(paula, 'POST', '/feed-tokens', { name: 'Deploy', packages: wider })
      expect(answer.status, wider).toBe(422)
      expect(answer.body, wider).toEqual({ field: 'packages', message: `Packages: ${wider} is wider than this subscription covers (it covers Prism.Plus.*).` })
    }
    const { token } = await made({ packages: 'prism.plus.popups, Prism.Plus.Charts.*', maxNetworks: 2, suspendOnLeak: true })
    expect(token).toMatchObject({ packages: ['prism.plus.popups', 'Prism.Plus.Charts.*'], maxNetworks: 2, suspendOnLeak: true, leakAt: null, suspendedAt: null })
    expect(await list()).toEqual([token])
  })

  it('opens only the packages of its scope: another private package answers 403 with the reason, never kept by the proxy; public ones stay open', async () => {
    const { secret } = await made({ packages: ['Prism.Plus.Popups'] })
    expect(await check(secret, popups, '192.0.2.10')).toMatchObject({ status: 204 })
    expect(await check(secret, core, '192.0.2.10')).toMatchObject({ status: 204 })
    expect(await check(secret, charts, '192.0.2.10')).toEqual({
      status: 403,
      cache: 'no-store',
      warning: "Prism.Plus.Charts is outside this feed token's scope (Prism.Plus.Popups): its owner can make a token that opens it on the Feed tokens page.",
    })
    const authorization = `Basic ${Buffer.from(`${feedTokenUsername}:${secret}`).toString('base64')}`
    const listed = await api.app.request('/api/feed/v3/flatcontainer/prism.plus.charts/index.json', { headers: { Authorization: authorization } })
    expect(listed.status).toBe(404)
    expect(listed.headers.get('x-nuget-warning')).toMatch(/^Prism\.Plus\.Charts is outside this feed token's scope/)
    const search = (await (await api.app.request('/api/feed/v3/query?q=prism.plus', { headers: { Authorization: authorization } })).json()) as { data: { id: string }[] }
    expect(search.data.map((found) => found.id)).toEqual(['Prism.Plus.Popups'])
  })

  it('marks a possible leak at a fourth network within 24 hours: one mail to the owners, one activity entry, and with suspend on leak 401 with the reason until an owner resumes it', async () => {
    const { token, secret } = await made({ packages: ['Prism.Plus.*'], suspendOnLeak: true })
    // Three networks, each from more than one address of it: IPv4 by its /24, IPv6 by its /64.
    const three = ['198.51.100.7', '198.51.100.200', '203.0.113.5', '2001:db8:1:2::10', '2001:db8:1:2:ffff::1']
    for (const address of three) expect((await check(secret, popups, address)).status, address).toBe(204)
    expect((await list())[0]!.networks.map((seen) => seen.network).sort()).toEqual(['198.51.100.0/24', '2001:db8:1:2::/64', '203.0.113.0/24'])

    const fourth = await check(secret, popups, '192.0.2.44')
    expect(fourth).toMatchObject({ status: 403, cache: 'no-store' })
    expect(fourth.warning).toBe('This feed token may be used from 3 networks within 24 hours, and 192.0.2.0/24 is one more: it is refused there, and its owners are told of a possible leak.')
    // Suspended: every network is refused now, the first three too, with the reason; never a second mail or entry.
    const after = [...three, '192.0.2.45', '100.64.0.1']
    for (const address of after) expect(await check(secret, popups, address), address).toMatchObject({ status: 401, warning: suspendedWords, cache: 'no-store' })
    const mails = await mailsAbout(token.id)
    expect(mails.map((mail) => mail.subject)).toEqual(['Your Prism feed token “Deploy” may have leaked'])
    expect(mails[0]!.text).toContain('was used from 192.0.2.0/24, one network more than the 3 it may be used from within 24 hours')
    expect(mails[0]!.text).toContain('It is suspended')
    expect(await activityOf('feed-token-leak')).toBe(1)
    const [listed] = await list()
    expect(listed!.networks.map((seen) => [seen.network, seen.allowed])).toContainEqual(['192.0.2.0/24', false])
    expect(listed!.suspendedAt).not.toBeNull()
    // eslint-disable-next-line no-console -- the figures the issue asks for, printed with the run
    console.log(
      `leak detection: ${three.length + 1 + after.length} checks from ${new Set([...three, '192.0.2.44', ...after].map(networkOf)).size} networks; networks seen ${listed!.networks.length} (${listed!.networks.filter((seen) => seen.allowed).length} admitted, ${listed!.networks.filter((seen) => !seen.allowed).length} refused: the fourth); mails queued ${mails.length}; activity entries ${await activityOf('feed-token-leak')}; answers after the leak: ${after.length} × 401`,
    )

    // An owner resumes it: let in again, its networks counted afresh, the resume recorded.
    expect((await api.call(paula, 'POST', `/feed-tokens/${token.id}/resume`)).status).toBe(204)
    expect(await activityOf('feed-token-resumed')).toBe(1)
    expect((await list())[0]).toMatchObject({ leakAt: null, suspendedAt: null })
    expect((await check(secret, popups, '192.0.2.44')).status).toBe(204)
    expect((await api.call(paula, 'POST', `/feed-tokens/${token.id}/resume`)).status, 'not marked any more').toBe(404)
  })

  it('without suspend on leak, refuses only the network past the limit, and mails once however often it comes back', async () => {
    const { token, secret } = await made({ maxNetworks: 1 })
    expect((await check(secret, popups, '198.51.100.1')).status).toBe(204)
    for (let attempt = 0; attempt < 3; attempt++) expect((await check(secret, popups, `203.0.113.${attempt}`)).status).toBe(403)
    expect((await check(secret, popups, '198.51.100.2')).status).toBe(204)
    expect(await mailsAbout(token.id)).toHaveLength(1)
    expect(await activityOf('feed-token-leak')).toBe(1)
    expect((await list())[0]).toMatchObject({ suspendedAt: null })
    expect((await list())[0]!.leakAt).not.toBeNull()
  })

  it('takes the client address through the proxies TRUST_PROXY lists only: a forwarding header from any other peer counts as the peer', async () => {
    const { secret } = await made({ maxNetworks: 1 })
    for (const claimed of ['198.51.100.1', '203.0.113.1', '192.0.2.1']) expect((await check(secret, popups, '10.9.8.7', { realIp: claimed, trusted: false })).status, claimed).toBe(204)
    const { secret: proxiedSecret } = await made({ maxNetworks: 1 })
    expect((await check(proxiedSecret, popups, '127.0.0.1', { realIp: '198.51.100.1', trusted: true })).status).toBe(204)
    expect((await check(proxiedSecret, popups, '127.0.0.1', { realIp: '203.0.113.1', trusted: true })).status).toBe(403)
  })

  it("lists a token's downloads per package and version: each .nupkg the feed let through, not its .nuspec", async () => {
    const { secret } = await made({})
    for (const file of [popups, popups, charts, popups.replace('.nupkg', '.nuspec')]) expect((await check(secret, file, '192.0.2.1')).status).toBe(204)
    await api.feedUsage.flush()
    expect((await list())[0]!.downloads).toEqual([
      { packageId: 'Prism.Plus.Charts', version: '1.0.0', downloads: 1 },
      { packageId: 'Prism.Plus.Popups', version: '9.0.0', downloads: 2 },
    ])
  })
})
