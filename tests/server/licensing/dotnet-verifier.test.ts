import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { licensingKeysPath } from '@/common/api-paths'
import { licensingKeysApp } from '@/server/api/licensing-keys'
import { signLicense, type LicenseClaims } from '@/server/licensing/license-file'
import { createLicenseKeyring, newSigningKeySetting } from '@/server/licensing/license-signing-keys'
import { startApi, type Api } from '@/tests/support/server/api-harness'
import { openMigratedPglite } from '@/tests/support/server/migrated-pglite'
import { programPath, run, runOk, type Ran } from '@/tests/server/feed-client/real-programs'

/**
 * The C# verifier customers can read (verifiers/dotnet/), run with `dotnet run` on files the
 * portal issued, against the keys the portal publishes saved to a file: no network. Built once.
 */
const dotnet = programPath('dotnet')
if (!dotnet) console.warn('The .NET verifier test did not run: install the .NET SDK 10 (dotnet on PATH).')
const project = resolve('verifiers/dotnet')
/** The SDK offline and quiet: no telemetry, banner or build server left running; the project's NuGet.config names no source. */
const env = { ...process.env, DOTNET_CLI_TELEMETRY_OPTOUT: '1', DOTNET_NOLOGO: '1', DOTNET_SKIP_FIRST_TIME_EXPERIENCE: '1', DOTNET_CLI_USE_MSBUILD_SERVER: '0', MSBUILDDISABLENODEREUSE: '1' }

describe.skipIf(!dotnet)('the .NET license verifier (dotnet run)', { timeout: 120_000 }, () => {
  let api: Api
  let dir = ''
  let issued = ''
  const keys = () => join(dir, 'licensing-keys.json')

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'prism-verifier-'))
    // The build and the portal start side by side: each takes seconds.
    ;[api] = await Promise.all([startApi(openMigratedPglite), runOk(dotnet!, ['build', project, '-nologo', '-v', 'q'], { env })])
    writeFileSync(keys(), await (await licensingKeysApp(api.licenseKeyring).request(licensingKeysPath)).text())
    const [seat] = await api.db.query<{ id: string }>("select id from seats where assignee_email = 'plus@example.com'")
    const answer = await api.call('plus@example.com', 'GET', `/licenses/${seat!.id}/license-file`)
    expect(answer.status).toBe(200)
    issued = answer.body as string
  }, 120_000)
  afterAll(async () => {
    await api?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  /** Runs the verifier on the file (saved under `name`), or with no file argument and these variables. */
  function verify(file: string | null, name = 'prism-license.jwt', extraEnv: Record<string, string> = {}): Promise<Ran> {
    if (file !== null) writeFileSync(join(dir, name), file)
    return run(dotnet!, ['run', '--no-build', '--project', project, '--', keys(), ...(file === null ? [] : [join(dir, name)])], { env: { ...env, ...extraEnv }, cwd: dir })
  }
  const claimsOf = (file: string) => decodeJwt(file) as unknown as LicenseClaims

  it("passes the portal's file and prints its plan, packages and updates-until date", async () => {
    const ran = await verify(issued)
    expect(ran.output).toContain('Valid Prism license file')
    expect(ran.output).toContain('plan:          Commercial Plus')
    expect(ran.output).toContain('packages:      Prism.Plus.*')
    expect(ran.output).toContain(`updates until: ${claimsOf(issued).updates_until}`)
    expect(ran.code).toBe(0)
  })

  it('fails a file with one changed byte: its signature', async () => {
    const [header, payload, signature] = issued.split('.')
    // One character of the claims, still base64url: the plan's bytes change, the signature does not.
    const changed = `${header}.${payload!.slice(0, 40)}${payload![40] === 'A' ? 'B' : 'A'}${payload!.slice(41)}.${signature}`
    const ran = await verify(changed, 'changed.jwt')
    expect(ran.output).toContain('error: Invalid signature: the license file was changed after Prism issued it.')
    expect(ran.code).toBe(5)
  })

  it('fails an expired file, signed by the same key', async () => {
    const yearsAgo = new Date(Date.now() - 2 * 365 * 86_400_000)
    const iat = Math.floor(yearsAgo.getTime() / 1000)
    const expired = signLicense(api.licenseKeyring, { ...claimsOf(issued), iat, exp: iat + 365 * 86_400 }, new Date())
    const ran = await verify(expired, 'expired.jwt')
    expect(ran.output).toMatch(/error: Expired: the license file expired on \d{4}-\d\d-\d\d\. Download a new one from your Prism account\./)
    expect(ran.code).toBe(6)
  })

  it('fails a file signed by a key the saved keys do not list', async () => {
    const stranger = createLicenseKeyring([newSigningKeySetting(new Date(0))])
    const unknown = signLicense(stranger, claimsOf(issued), new Date())
    const ran = await verify(unknown, 'unknown-kid.jwt')
    expect(ran.output).toContain(`error: Unknown signing key: the file names key ${stranger.signer().kid}, which the saved keys do not list.`)
    expect(ran.code).toBe(4)
  })

  it('only warns when there is no file: a blank PRISM_LICENSE_FILE is missing, not fatal', async () => {
    const blank = join(dir, 'blank.jwt')
    writeFileSync(blank, '  \n')
    const ran = await verify(null, undefined, { PRISM_LICENSE_FILE: blank })
    expect(ran.output).toContain(`warning: no Prism license file at ${blank}; the build goes on without one.`)
    expect(ran.code).toBe(0)
  })
})
