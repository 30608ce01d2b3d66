import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chmodSync, copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database } from '@/server/db/database'
import { openPostgres } from '@/server/db/postgres'
import { migrate } from '@/server/db/migrations'
import { demoPeople } from '@/server/local/demo-accounts'
import { samplePackages, nupkgOf } from '@/server/local/feed/packages'
import { writeFeed } from '@/server/local/feed/static-feed'
import { resetDatabase } from '@/server/local/seed'
import { priceCatalogue } from '@/server/payments/stripe-settings'
import { feedSetup, feedTokenSetup, packageFeed } from '@/src/content/package-feed'
import { feedTokenUsername } from '@/common/contract'
import { productionEnv, startInstance, startStripe, startTenant, type Instance } from '@/tests/support/server/instances'
import { fillNginxConfig, readNginxConfig } from '@/scripts/feed/nginx-doc'
import { freePort, httpsRequest, programPath, run, runOk, waitForPort, type Ran } from './real-programs'

/**
 * The production topology with the real programs: Debian's nginx configured from
 * deploy/nginx/prism.conf (the file docs/deploying.md shows), auth_request in front of the static
 * feed, the production server behind it on PostgreSQL, HTTPS with the test's own certificate
 * authority trusted by the system's store; and the client customers use, `dotnet restore`, with the
 * credentials as the License Key dialog's NuGet.config snippet gives them.
 */
const nginx = programPath('nginx')
const dotnet = programPath('dotnet')
const openssl = programPath('openssl')
const databaseUrl = process.env.TEST_DATABASE_URL
const missing = [
  ...(nginx ? [] : ['nginx (sudo apt-get install -y nginx)']),
  ...(dotnet ? [] : ['the .NET SDK 10 (dotnet-sdk-10.0 from packages.microsoft.com, or https://dot.net/v1/dotnet-install.sh --channel 10.0)']),
  ...(openssl ? [] : ['openssl (sudo apt-get install -y openssl)']),
]
const notRun = missing.length
  ? `install ${missing.join(' and ')}`
  : process.getuid?.() !== 0
    ? 'run it as root (it trusts its own certificate authority in the system store for the while)'
    : !databaseUrl
      ? 'set TEST_DATABASE_URL to a PostgreSQL server (bash scripts/ci-postgres.sh starts one and prints it)'
      : null
if (notRun) console.warn(`The real-client feed test (dotnet restore through nginx) did not run: ${notRun}.`)

const popups = samplePackages.find((pkg) => pkg.id === 'Prism.Plus.Popups' && pkg.version === '9.1.0')!
const core = samplePackages.find((pkg) => pkg.id === 'Prism.Core')!
const plus = demoPeople.find((person) => person.email === 'plus@example.com')!
const challenge = 'Basic realm="Prism packages"'

// Each test runs the real client several times: on a busy machine a restore can take several times
// its quiet ten seconds.
describe.skipIf(notRun)('dotnet restore through nginx, auth_request and the production server', { timeout: 150_000 }, () => {
  const id = randomBytes(4).toString('hex')
  const trustedCa = `/usr/local/share/ca-certificates/prism-feed-test-${id}.crt`
  // Made when the tests run (a skipped suite's body still runs, to list its tests).
  let dir = ''
  let app = ''
  let accessLog = ''
  const ports = { auth: 0, open: 0 }
  let ca = ''
  let tenant: Awaited<ReturnType<typeof startTenant>> | undefined
  let stripe: Awaited<ReturnType<typeof startStripe>> | undefined
  let db: Database | undefined
  let portal: Instance | undefined
  let server: ChildProcess | undefined
  const keys = new Map<string, string>()
  const timings: string[] = []

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'prism-feed-client-'))
    app = join(dir, 'app')
    accessLog = join(dir, 'access.log')
    // Readable by nginx's workers (www-data): the feed's files are in here.
    chmodSync(dir, 0o755)
    // Three things at once: the certificates, the portal, the customer's project.
    const [, started] = await Promise.all([trustCertificates(), startPortal(), createProject()])
    portal = started
    // nginx: the production file, and beside it a server of the same feed without auth_request (for the timings only).
    ports.auth = await freePort()
    ports.open = await freePort()
    writeFeed(join(dir, 'feed'), feedBase(ports.auth))
    writeFeed(join(dir, 'open-feed'), feedBase(ports.open))
    const certificate = { CERTIFICATE: join(dir, 'server.crt'), CERTIFICATE_KEY: join(dir, 'server.key') }
    const values = { PORTAL: new URL(portal.url).host, LISTEN: `127.0.0.1:${ports.auth}`, SERVER_NAME: '127.0.0.1', FEED_ROOT: join(dir, 'feed'), ...certificate }
    writeFileSync(join(dir, 'prism.conf'), fillNginxConfig(readNginxConfig(), values))
    writeFileSync(
      join(dir, 'nginx.conf'),
      `user www-data;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  log_format feed '$server_port $status $request_method $uri $remote_user $request_time';
  access_log ${accessLog} feed;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/prism.conf;
  server {
    listen 127.0.0.1:${ports.open} ssl http2;
    server_name 127.0.0.1;
    ssl_certificate ${certificate.CERTIFICATE};
    ssl_certificate_key ${certificate.CERTIFICATE_KEY};
    location /v3/ {
      alias ${dir}/open-feed/;
      types { application/json json; application/xml nuspec; application/octet-stream nupkg; }
      default_type application/octet-stream;
    }
  }
}
`,
    )
    await runOk(nginx!, ['-t', '-q', '-p', `${dir}/`, '-c', join(dir, 'nginx.conf')])
    server = spawn(nginx!, ['-p', `${dir}/`, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'ignore' })
    await Promise.all([waitForPort(ports.auth), waitForPort(ports.open)])
  }, 120_000)

  afterAll(async () => {
    if (server?.exitCode === null) {
      const stopped = new Promise((resolve) => server!.once('exit', resolve))
      server.kill('SIGQUIT')
      await stopped
    }
    await portal?.stop()
    await db?.close()
    await stripe?.close()
    await tenant?.close()
    if (existsSync(trustedCa)) {
      rmSync(trustedCa)
      await run('update-ca-certificates', [])
    }
    if (dir) rmSync(dir, { recursive: true, force: true })
    if (timings.length) {
      // eslint-disable-next-line no-console -- the figures the issue asks for, printed with the run
      console.log(`dotnet restore of Prism.Plus.Popups ${popups.version} (and Prism.Core) through nginx:\n${timings.join('\n')}`)
    }
  }, 60_000)

  /** The portal: the production server on PostgreSQL, seeded with the demo accounts. */
  async function startPortal() {
    tenant = await startTenant()
    stripe = await startStripe()
    const env = await productionEnv(databaseUrl!, 'feed_client', tenant, stripe, { TRUST_PROXY: '127.0.0.1' })
    db = await openPostgres(env.DATABASE_URL, { poolSize: 2 })
    await migrate(db)
    await resetDatabase(db, priceCatalogue(stripe.env))
    for (const seat of await db.query<{ id: string; license_key: string }>('select id, license_key from seats')) keys.set(seat.id, seat.license_key)
    return startInstance(env)
  }

  /** The customer's project: a console app that references the Commercial Plus package, not yet restored. */
  async function createProject() {
    await runOk(dotnet!, ['new', 'console', '--output', app, '--no-restore'], { env: dotnetEnv({}) })
    await runOk(dotnet!, ['add', app, 'package', 'Prism.Plus.Popups', '--version', popups.version, '--no-restore'], { env: dotnetEnv({}) })
  }

  /** The test's certificate authority, trusted by the system's store as a root, and the server's certificate for 127.0.0.1 signed by it. */
  async function trustCertificates() {
    const at = (name: string) => join(dir, name)
    await runOk(openssl!, [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-keyout', at('ca.key'), '-out', at('ca.crt'), '-subj', `/CN=Prism feed test CA ${id}`],
      ...['-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign'],
    ])
    await runOk(openssl!, ['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', at('server.key'), '-out', at('server.csr'), '-subj', '/CN=127.0.0.1'])
    writeFileSync(at('server.ext'), 'basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\nsubjectAltName=IP:127.0.0.1\n')
    await runOk(openssl!, [
      'x509',
      '-req',
      '-in',
      at('server.csr'),
      '-CA',
      at('ca.crt'),
      '-CAkey',
      at('ca.key'),
      '-set_serial',
      `0x${id}`,
      '-days',
      '2',
      '-out',
      at('server.crt'),
      '-extfile',
      at('server.ext'),
    ])
    copyFileSync(at('ca.crt'), trustedCa)
    await runOk('update-ca-certificates', [])
    ca = readFileSync(at('ca.crt'), 'utf8')
  }

  function feedBase(port: number) {
    return `https://127.0.0.1:${port}/v3/`
  }

  /** The SDK's environment: no telemetry or banner, no build server left running, the NuGet caches where the test says. */
  function dotnetEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
    return {
      ...process.env,
      DOTNET_CLI_TELEMETRY_OPTOUT: '1',
      DOTNET_NOLOGO: '1',
      DOTNET_SKIP_FIRST_TIME_EXPERIENCE: '1',
      DOTNET_CLI_USE_MSBUILD_SERVER: '0',
      MSBUILDDISABLENODEREUSE: '1',
      NO_PROXY: '127.0.0.1,localhost',
      NUGET_ENHANCED_NETWORK_RETRY_DELAY_MILLISECONDS: '100',
      ...extra,
    }
  }

  /**
   * What a build is given, as the License Key dialog (its NuGet.config tab) shows it for this
   * person, or the Feed tokens page for a token: the NuGet.config, with our feed's address in place
   * of the configured one and `<clear />` so that it lists only our feed (no other source is
   * asked), and the environment variable it reads the secret from.
   */
  function buildSetup(email: string, port: number) {
    const source = `${feedBase(port)}index.json`
    const { nugetConfig, secretName } = email === feedTokenUsername ? feedTokenSetup(source) : { ...feedSetup(email, source), secretName: packageFeed.secretName }
    expect(nugetConfig).toContain(`value="${source}"`)
    expect(nugetConfig).toContain('<packageSources>\n')
    return { nugetConfig: nugetConfig.replace('<packageSources>\n', '<packageSources>\n    <clear />\n'), secretName }
  }

  interface Restore extends Ran {
    packages: string
    /** nginx's access log lines written while it ran. */
    served: string[]
  }

  /** `dotnet restore` of the app as `email` with `key` (the secret the snippet reads from the environment), with a cold or the given NuGet cache. */
  async function restore(options: { email: string; key: string; port?: number; packages?: string }): Promise<Restore> {
    const port = options.port ?? ports.auth
    const setup = buildSetup(options.email, port)
    writeFileSync(join(app, 'NuGet.Config'), setup.nugetConfig)
    rmSync(join(app, 'obj'), { recursive: true, force: true })
    const packages = options.packages ?? mkdtempSync(join(dir, 'packages-'))
    const logged = existsSync(accessLog) ? readFileSync(accessLog, 'utf8').length : 0
    const env = dotnetEnv({
      NUGET_PACKAGES: packages,
      NUGET_HTTP_CACHE_PATH: join(packages, '.http-cache'),
      [setup.secretName]: options.key,
    })
    const ran = await run(dotnet!, ['restore', app, '-p:NuGetAudit=false'], { env })
    const served = readFileSync(accessLog, 'utf8').slice(logged).split('\n').filter(Boolean)
    return { ...ran, packages, served }
  }

  const cached = (packages: string, pkg: { id: string; version: string }) => join(packages, pkg.id.toLowerCase(), pkg.version, `${pkg.id.toLowerCase()}.${pkg.version}.nupkg`)
  /** How many requests a restore made, and how many of them carried credentials ($remote_user is "-" without). */
  const requestsOf = (served: string[]) => `${served.length} requests, ${served.filter((line) => line.split(' ').at(-2) !== '-').length} with credentials`
  const nupkgsServed = (served: string[]) => served.filter((line) => / 200 GET \S+\.nupkg /.test(line))
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`

  /** A restore the feed refuses: the client's authentication error, and not one package served. */
  function expectRefused(restored: Restore) {
    expect(restored.code, restored.output).not.toBe(0)
    expect(restored.output).toMatch(/NU1301/)
    expect(restored.output).toMatch(/401/)
    expect(nupkgsServed(restored.served), 'packages served').toEqual([])
    expect(restored.served.filter((line) => / 401 GET /.test(line)).length).toBeGreaterThan(0)
    expect(existsSync(cached(restored.packages, popups))).toBe(false)
  }

  /** The restores timed: two cold and one warm of each server (the first cold one with auth_request is the test below). */
  const timed = { 'with auth_request': { cold: [] as Restore[], warm: [] as Restore[] }, 'without auth_request': { cold: [] as Restore[], warm: [] as Restore[] } }

  it('restores with the right email and key: the packages in the NuGet cache are ours, byte for byte, each file let through by the check', async () => {
    const checked = portal!.lines.length
    const restored = await restore({ email: plus.email, key: keys.get('seat_plus_1')! })
    expect(restored.code, restored.output).toBe(0)
    expect(readFileSync(cached(restored.packages, popups)).equals(nupkgOf(popups))).toBe(true)
    expect(readFileSync(cached(restored.packages, core)).equals(nupkgOf(core))).toBe(true)
    expect(nupkgsServed(restored.served)).toHaveLength(2)
    // The portal writes its log in batches (at most a quarter second late): wait for the lines.
    const allowed = () => portal!.lines.slice(checked).filter((line) => (line.req as { path?: string } | undefined)?.path === '/api/feed/authorize' && (line.res as { status: number }).status === 204)
    await expect.poll(() => allowed().length).toBe(restored.served.filter((line) => / 200 /.test(line)).length)
    timed['with auth_request'].cold.push(restored)
  })

  it('times a restore with a cold and a warm NuGet cache, with and without auth_request', async () => {
    const timedRestore = async (port: number, packages?: string) => {
      const restored = await restore({ email: plus.email, key: keys.get('seat_plus_1')!, port, packages })
      expect(restored.code, restored.output).toBe(0)
      expect(readFileSync(cached(restored.packages, popups)).equals(nupkgOf(popups))).toBe(true)
      return restored
    }
    const [auth, open] = [timed['with auth_request'], timed['without auth_request']]
    // In turns, as the machine's load varies; a warm restore reuses a cold one's NuGet cache.
    open.cold.push(await timedRestore(ports.open))
    open.warm.push(await timedRestore(ports.open, open.cold[0]!.packages))
    auth.warm.push(await timedRestore(ports.auth, auth.cold[0]!.packages))
    auth.cold.push(await timedRestore(ports.auth))
    open.cold.push(await timedRestore(ports.open))

    /** nginx's own time for a restore's requests ($request_time, the check included), in ms. */
    const nginxMs = (restored: Restore) => restored.served.reduce((sum, line) => sum + Number(line.split(' ').at(-1)) * 1000, 0)
    const best = (restores: Restore[], of: (restored: Restore) => number) => Math.min(...restores.map(of))
    for (const [name, figure] of Object.entries(timed)) {
      const served = figure.cold[0]!.served
      const challenges = served.filter((line) => / 401 /.test(line)).length
      timings.push(
        `  ${`${name}:`.padEnd(22)} cold cache ${seconds(best(figure.cold, (restored) => restored.ms))} (best of ${figure.cold.map((restored) => seconds(restored.ms)).join(', ')}; ${requestsOf(served)}, ${challenges} answered 401; nginx's time ${best(figure.cold, nginxMs).toFixed(0)} ms), warm cache ${seconds(figure.warm[0]!.ms)} (${figure.warm[0]!.served.length} requests)`,
      )
    }
    const [withCheck, withoutCheck] = [auth, open].map((figure) => best(figure.cold, (restored) => restored.ms))
    const [withCheckServer, withoutCheckServer] = [auth, open].map((figure) => best(figure.cold, nginxMs))
    timings.push(
      `  the check's cost, cold: the restore x${(withCheck! / withoutCheck!).toFixed(2)} (${((withCheck! - withoutCheck!) / 1000).toFixed(2)} s), nginx's time +${(withCheckServer! - withoutCheckServer!).toFixed(0)} ms`,
    )
  })

  it('answers the service index and the packages without credentials with 401 and a Basic challenge: never 403, a redirect or a page', async () => {
    for (const path of ['index.json', 'flatcontainer/prism.plus.popups/index.json', 'flatcontainer/prism.plus.popups/9.1.0/prism.plus.popups.9.1.0.nupkg']) {
      for (const headers of [{} as Record<string, string>, { Authorization: `Basic ${Buffer.from(`${plus.email}:PRSM-WRONG-KEY`).toString('base64')}` }]) {
        const answer = await httpsRequest(`${feedBase(ports.auth)}${path}`, { ca, headers })
        expect(answer.status, path).toBe(401)
        expect(answer.headers['www-authenticate'], path).toBe(challenge)
        expect(answer.headers['content-type'], path).toBe('application/json')
        expect(answer.headers.location, path).toBeUndefined()
        expect(JSON.parse(answer.body.toString())).toEqual({ message: 'Sign in to the feed with your email and license key.' })
      }
    }
    const allowed = await httpsRequest(`${feedBase(ports.auth)}index.json`, { ca, headers: { Authorization: `Basic ${Buffer.from(`${plus.email}:${keys.get('seat_plus_1')}`).toString('base64')}` } })
    expect(allowed.status).toBe(200)
    expect(allowed.headers['content-type']).toBe('application/json')
    expect(JSON.parse(allowed.body.toString()).version).toBe('3.0.0')
  })

  it('refuses a wrong key, an unassigned seat and a Commercial (not Plus) seat: the client fails with its authentication error, nothing is served', async () => {
    for (const [name, email, key] of [
      ['a wrong key', plus.email, 'PRSM-AAAAA-BBBBB-CCCCC-DDDDD-EEEEE'],
      ["an unassigned seat's key", plus.email, keys.get('seat_plus_2')!],
      ['a Commercial seat', 'commercial@example.com', keys.get('seat_commercial_1')!],
    ]) {
      const refused = await restore({ email: email!, key: key! })
      expectRefused(refused)
      timings.push(`  refused (${name}): ${seconds(refused.ms)} (${requestsOf(refused.served)}, all answered 401)`)
    }
  })

  it('refuses a rotated key at once, and takes the new one', async () => {
    const old = keys.get('seat_plus_1')!
    const rotated = await httpsRequest(`https://127.0.0.1:${ports.auth}/api/licenses/seat_plus_1/regenerate-key`, {
      ca,
      method: 'POST',
      headers: { Authorization: `Bearer ${await tenant!.token({ oid: plus.oid, email: plus.email })}` },
    })
    expect(rotated.status, rotated.body.toString()).toBe(200)
    const { licenseKey } = JSON.parse(rotated.body.toString()) as { licenseKey: string }
    expect(licenseKey).not.toBe(old)
    keys.set('seat_plus_1', licenseKey)
    expectRefused(await restore({ email: plus.email, key: old }))
    const index = (key: string) => httpsRequest(`${feedBase(ports.auth)}index.json`, { ca, headers: { Authorization: `Basic ${Buffer.from(`${plus.email}:${key}`).toString('base64')}` } })
    expect((await index(licenseKey)).status).toBe(200)
  })

  it('refuses once the subscription has ended (canceled, or unpaid after failed payments)', async () => {
    for (const status of ['canceled', 'unpaid']) {
      await db!.query("update subscriptions set status = $1 where id = 'sub_demo_plus'", [status])
      expectRefused(await restore({ email: plus.email, key: keys.get('seat_plus_1')! }))
    }
    await db!.query("update subscriptions set status = 'active' where id = 'sub_demo_plus'")
  })

  it('restores with a feed token made on the portal, still after the seat holder is unassigned, and refuses it once revoked', async () => {
    const api = async (method: string, path: string, body?: object) => {
      const headers = { Authorization: `Bearer ${await tenant!.token({ oid: plus.oid, email: plus.email })}`, ...(body ? { 'Content-Type': 'application/json' } : {}) }
      const answer = await httpsRequest(`https://127.0.0.1:${ports.auth}/api${path}`, { ca, method, headers, body: body && JSON.stringify(body) })
      return { status: answer.status, body: answer.body.length ? JSON.parse(answer.body.toString()) : undefined }
    }
    const made = await api('POST', '/feed-tokens', { name: 'GitHub Actions' })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    const { token, secret } = made.body as { token: { id: string }; secret: string }
    const restored = await restore({ email: feedTokenUsername, key: secret })
    expect(restored.code, restored.output).toBe(0)
    expect(readFileSync(cached(restored.packages, popups)).equals(nupkgOf(popups))).toBe(true)
    timings.push(`  with a feed token: cold cache ${seconds(restored.ms)} (${requestsOf(restored.served)})`)

    expect((await api('POST', '/licenses/unassign', { licenseId: 'seat_plus_1' })).status).toBe(200)
    const afterUnassign = await restore({ email: feedTokenUsername, key: secret })
    expect(afterUnassign.code, afterUnassign.output).toBe(0)

    expect((await api('DELETE', `/feed-tokens/${token.id}`)).status).toBe(204)
    expectRefused(await restore({ email: feedTokenUsername, key: secret }))
  })
})
