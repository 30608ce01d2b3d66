import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { crc32, inflateRawSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFeedApp } from '@/server/local/feed/feed-app'
import { nupkgOf, samplePackages } from '@/server/local/feed/packages'
import { feedFiles, writeFeed } from '@/server/local/feed/static-feed'
import { zip } from '@/server/local/feed/zip'
import { startApi, type Api } from '@/tests/support/server/api-harness'
import { databases } from '@/tests/support/server/database'
import { programPath } from './real-programs'

/** Reads a zip as its central directory lists it: every entry's name and bytes, each checked against its CRC-32 and sizes. */
function unzip(archive: Buffer): Map<string, Buffer> {
  const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
  expect(end).toBe(archive.length - 22)
  const count = archive.readUInt16LE(end + 10)
  let at = archive.readUInt32LE(end + 16)
  const entries = new Map<string, Buffer>()
  for (let index = 0; index < count; index++) {
    expect(archive.readUInt32LE(at)).toBe(0x02014b50)
    const method = archive.readUInt16LE(at + 10)
    const crc = archive.readUInt32LE(at + 16)
    const [packed, size, nameLength] = [archive.readUInt32LE(at + 20), archive.readUInt32LE(at + 24), archive.readUInt16LE(at + 28)]
    const local = archive.readUInt32LE(at + 42)
    const name = archive.toString('utf8', at + 46, at + 46 + nameLength)
    expect(archive.readUInt32LE(local)).toBe(0x04034b50)
    expect(archive.toString('utf8', local + 30, local + 30 + nameLength)).toBe(name)
    const start = local + 30 + nameLength + archive.readUInt16LE(local + 28)
    const body = archive.subarray(start, start + packed)
    const data = method === 8 ? inflateRawSync(body) : Buffer.from(body)
    expect([method === 0 || method === 8, data.length, crc32(data)], name).toEqual([true, size, crc])
    entries.set(name, data)
    at += 46 + nameLength + archive.readUInt16LE(at + 30) + archive.readUInt16LE(at + 32)
  }
  return entries
}

const popups = samplePackages.find((pkg) => pkg.id === 'Prism.Plus.Popups' && pkg.version === '9.1.0')!
const base = 'https://feed.example.com/v3/'
const json = (files: Map<string, { body: Buffer }>, path: string) => JSON.parse(files.get(path)!.body.toString('utf8'))

describe('the zip writer', () => {
  it('writes entries that read back as written, deflated or stored, the same bytes every time', () => {
    const entries = [
      { name: 'a.txt', data: 'hello '.repeat(100) },
      { name: 'dir/empty', data: '' },
      { name: '[odd] name ü.bin', data: Buffer.from([0, 1, 2, 255]) },
    ]
    const archive = zip(entries)
    expect(zip(entries).equals(archive)).toBe(true)
    const read = unzip(archive)
    expect([...read.keys()]).toEqual(entries.map((entry) => entry.name))
    for (const entry of entries) expect(read.get(entry.name)!.equals(Buffer.from(entry.data))).toBe(true)
    // Deflated where it pays: 600 repeated bytes take far fewer.
    expect(archive.length).toBeLessThan(400)
  })

  it('refuses the same name twice', () => {
    expect(() =>
      zip([
        { name: 'x', data: '1' },
        { name: 'x', data: '2' },
      ]),
    ).toThrow('already has x')
  })

  it.skipIf(!programPath('unzip'))("is read by Info-ZIP's unzip without a complaint", () => {
    const dir = mkdtempSync(join(tmpdir(), 'prism-zip-'))
    try {
      writeFileSync(join(dir, 'p.nupkg'), nupkgOf(popups))
      expect(execFileSync('unzip', ['-t', join(dir, 'p.nupkg')], { encoding: 'utf8' })).toContain('No errors detected')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('the sample packages', () => {
  it('are .nupkg files: the manifest at the root, the packaging parts, a readme and the netstandard2.0 folder', () => {
    for (const pkg of samplePackages) {
      const entries = unzip(nupkgOf(pkg))
      expect([...entries.keys()].sort()).toEqual(['README.md', '[Content_Types].xml', '_rels/.rels', 'lib/netstandard2.0/_._', `${pkg.id}.nuspec`].sort())
      const nuspec = entries.get(`${pkg.id}.nuspec`)!.toString('utf8')
      expect(nuspec).toContain(`<id>${pkg.id}</id>`)
      expect(nuspec).toContain(`<version>${pkg.version}</version>`)
      expect(entries.get('_rels/.rels')!.toString('utf8')).toContain(`Target="/${pkg.id}.nuspec"`)
      expect(nupkgOf(pkg).equals(nupkgOf(pkg))).toBe(true)
    }
    expect(samplePackages.map((pkg) => `${pkg.id} ${pkg.version} ${pkg.released}${pkg.backdatedTo ? ` dated ${pkg.backdatedTo}` : ''}`)).toEqual([
      'Prism.Core 9.0.537 2025-11-04',
      'Prism.Plus.Popups 9.0.0 2026-01-10',
      'Prism.Plus.Popups 9.1.0 2026-06-10',
      'Prism.Plus.Popups 9.0.1 2026-08-01 dated 2026-05-01',
      'Prism.Plus.Popups 9.2.0 2026-10-01',
      'Prism.Plus.Charts 1.0.0 2026-03-01',
    ])
    expect(unzip(nupkgOf(popups)).get('Prism.Plus.Popups.nuspec')!.toString()).toContain('<dependency id="Prism.Core" version="9.0.537" exclude="Build,Analyzers" />')
  })
})

describe('the static feed', () => {
  const files = feedFiles(base)

  it('has a service index naming the package base address and the registrations, absolute under the base address', () => {
    const index = json(files, 'index.json')
    expect(index.version).toBe('3.0.0')
    const byType = Object.fromEntries((index.resources as { '@id': string; '@type': string }[]).map((resource) => [resource['@type'], resource['@id']]))
    expect(byType['PackageBaseAddress/3.0.0']).toBe(`${base}flatcontainer/`)
    expect(byType.RegistrationsBaseUrl).toBe(`${base}registration/`)
  })

  it('has the flat container: versions in order, each .nupkg and .nuspec under lower-case names', () => {
    expect(json(files, 'flatcontainer/prism.plus.popups/index.json')).toEqual({ versions: ['9.0.0', '9.0.1', '9.1.0', '9.2.0'] })
    expect(json(files, 'flatcontainer/prism.core/index.json')).toEqual({ versions: ['9.0.537'] })
    const nupkg = files.get('flatcontainer/prism.plus.popups/9.1.0/prism.plus.popups.9.1.0.nupkg')!
    expect(nupkg.type).toBe('application/octet-stream')
    expect(nupkg.body.equals(nupkgOf(popups))).toBe(true)
    expect(files.get('flatcontainer/prism.plus.popups/9.1.0/prism.plus.popups.nuspec')!.body.toString()).toBe(unzip(nupkgOf(popups)).get('Prism.Plus.Popups.nuspec')!.toString())
  })

  it('has the registrations, each id one page with its leaves inlined, each leaf also on its own', () => {
    const registration = json(files, 'registration/prism.plus.popups/index.json')
    expect(registration.count).toBe(1)
    const [page] = registration.items
    expect(page).toMatchObject({ count: 4, lower: '9.0.0', upper: '9.2.0' })
    const leaf = page.items[2]
    expect(leaf.catalogEntry).toMatchObject({ id: 'Prism.Plus.Popups', version: '9.1.0', listed: true, packageContent: `${base}flatcontainer/prism.plus.popups/9.1.0/prism.plus.popups.9.1.0.nupkg` })
    expect(leaf.catalogEntry.dependencyGroups[0]).toMatchObject({ targetFramework: '.NETStandard2.0', dependencies: [{ id: 'Prism.Core', range: '[9.0.537, )' }] })
    expect(json(files, 'registration/prism.plus.popups/9.1.0.json')).toEqual(leaf)
    // Every address the feed names is one of its own files.
    const named = [...files.values()].flatMap((file) => [...file.body.toString('utf8').matchAll(/"(https:\/\/feed\.example\.com\/v3\/[^"#]*)/g)].map((match) => match[1]!))
    for (const address of named) expect(address.endsWith('/') || files.has(address.slice(base.length)), address).toBe(true)
  })

  it('needs a base address ending with a slash', () => {
    expect(() => feedFiles('https://feed.example.com/v3')).toThrow('must end with a slash')
  })

  it('writes the same files into a folder', () => {
    const dir = mkdtempSync(join(tmpdir(), 'prism-feed-'))
    try {
      expect(writeFeed(dir, base).sort()).toEqual([...files.keys()].sort())
      for (const [path, file] of files) expect(readFileSync(join(dir, path)).equals(file.body), path).toBe(true)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('the local feed app', () => {
  const basic = (email: string, key: string) => `Basic ${Buffer.from(`${email}:${key}`).toString('base64')}`
  const challenge = 'Basic realm="Prism packages"'
  const nupkg = '/feed/flatcontainer/prism.plus.popups/9.1.0/prism.plus.popups.9.1.0.nupkg'

  it("answers the metadata from the portal's v3 answer and a package file from its files once the portal's check lets it through", async () => {
    const asked: string[] = []
    const app = createFeedApp({
      origin: 'https://localhost:5173',
      path: '/feed',
      portal: (request) => {
        const url = new URL(request.url)
        asked.push(`${url.pathname}${url.search} ${request.headers.get('authorization')} ${request.headers.get('x-original-uri')}`)
        if (url.pathname === '/api/feed/authorize') return new Response(null, { status: 204 })
        return Response.json(
          { versions: ['9.0.0'] },
          {
            headers: [
              ['X-NuGet-Warning', 'one'],
              ['X-NuGet-Warning', 'two'],
            ],
          },
        )
      },
    })
    const list = await app.request('https://localhost:5173/feed/flatcontainer/prism.plus.popups/index.json?x=1', { headers: { Authorization: 'Basic eDp5' } })
    expect(list.status).toBe(200)
    expect(await list.json()).toEqual({ versions: ['9.0.0'] })
    expect(list.headers.get('x-nuget-warning')).toBe('one, two')
    const file = await app.request(nupkg, { headers: { Authorization: 'Basic eDp5' } })
    expect(Buffer.from(await file.arrayBuffer()).equals(nupkgOf(popups))).toBe(true)
    expect((await app.request('/feed/flatcontainer/prism.plus.popups/9.9.9/prism.plus.popups.9.9.9.nupkg')).status).toBe(404)
    expect(asked).toEqual([
      '/api/feed/v3/flatcontainer/prism.plus.popups/index.json?x=1 Basic eDp5 null',
      `/api/feed/authorize Basic eDp5 ${nupkg}`,
      '/api/feed/authorize null /feed/flatcontainer/prism.plus.popups/9.9.9/prism.plus.popups.9.9.9.nupkg',
    ])
  })

  it("passes the check's 401 on with its challenge and Retry-After, its 403 with the reason; a failing check is a 503 with Retry-After, never a 500", async () => {
    const answering = (check: () => Response) => createFeedApp({ origin: 'https://localhost:5173', path: '/feed/', portal: check })
    const refused = await answering(() => new Response('{}', { status: 401, headers: { 'WWW-Authenticate': challenge, 'Retry-After': '7' } })).request(nupkg)
    expect(refused.status).toBe(401)
    expect(refused.headers.get('www-authenticate')).toBe(challenge)
    expect(refused.headers.get('retry-after')).toBe('7')
    expect(await refused.json()).toEqual({ message: 'Sign in to the feed with your email and license key.' })
    const forbidden = await answering(() => new Response('{}', { status: 403, headers: { 'X-NuGet-Warning': 'not covered' } })).request(nupkg)
    expect([forbidden.status, forbidden.headers.get('x-nuget-warning'), await forbidden.json()]).toEqual([403, 'not covered', { message: 'not covered' }])
    const failing = await answering(() => new Response('down', { status: 500 })).request(nupkg)
    expect([failing.status, failing.headers.get('retry-after')]).toEqual([503, '30'])
  })

  describe.each(databases)('in front of the portal on $name', ({ open }) => {
    let api: Api
    let app: ReturnType<typeof createFeedApp>
    beforeAll(async () => {
      api = await startApi(open)
      // As the local stack mounts it: the API's own fetch.
      app = createFeedApp({ origin: 'https://localhost:5173', path: '/feed', portal: api.app.fetch })
    })
    afterAll(() => api.close())

    it("lists a live Commercial Plus seat's versions and refuses wrong credentials with the challenge", async () => {
      const key = (await api.call('plus@example.com', 'GET', '/licenses')).body[0].licenseKey as string
      const allowed = await app.request('/feed/flatcontainer/prism.plus.popups/index.json', { headers: { Authorization: basic('plus@example.com', key) } })
      expect(allowed.status).toBe(200)
      expect(await allowed.json()).toEqual({ versions: ['9.0.0', '9.0.1', '9.1.0', '9.2.0'] })
      const file = await app.request(nupkg, { headers: { Authorization: basic('plus@example.com', key) } })
      expect(file.status).toBe(200)
      for (const authorization of [undefined, basic('plus@example.com', 'PRSM-WRONG'), basic('commercial@example.com', key)]) {
        const refused = await app.request('/feed/index.json', { headers: authorization ? { Authorization: authorization } : {} })
        expect(refused.status).toBe(401)
        expect(refused.headers.get('www-authenticate')).toBe(challenge)
      }
      // Asked without credentials (a NuGet client's first request), the check counted no failure.
      for (let attempt = 0; attempt < 70; attempt++) expect((await app.request('/feed/index.json')).status).toBe(401)
      const wrong = await app.request('/feed/index.json', { headers: { Authorization: basic('plus@example.com', 'PRSM-WRONG') } })
      expect(wrong.headers.get('retry-after'), 'the address is not held back').toBeNull()
    })

    it("shows the lapsed seat what its paid year covered and says why the rest is not there, in the build's words", async () => {
      const [row] = await api.db.query<{ license_key: string }>("select license_key from seats where lower(assignee_email) = 'lapsed@example.com'")
      const lapsed = { Authorization: basic('lapsed@example.com', row!.license_key) }
      const list = await app.request('/feed/flatcontainer/prism.plus.popups/index.json', { headers: lapsed })
      expect(await list.json()).toEqual({ versions: ['9.0.0', '9.0.1'] })
      expect(list.headers.get('x-nuget-warning')).toBe("Prism.Plus.Popups 9.1.0 was released after this license's updates ended on May 31, 2026; so was 9.2.0. Renewing the license opens them.")
      const refused = await app.request(nupkg, { headers: lapsed })
      expect(refused.status).toBe(403)
      expect(refused.headers.get('x-nuget-warning')).toBe("Prism.Plus.Popups 9.1.0 was released after this license's updates ended on May 31, 2026. Renewing the license opens them.")
      expect((await app.request('/feed/flatcontainer/prism.plus.popups/9.0.1/prism.plus.popups.9.0.1.nupkg', { headers: lapsed })).status).toBe(200)
    })
  })
})
