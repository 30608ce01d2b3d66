import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { loadOrCreateLicenseKeyring } from '@/server/local/licensing-keys'

describe("the local stack's license-signing key", () => {
  const dirs: string[] = []
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })))

  it('is made under the local folder on the first start, readable by its owner only, and kept for the next start', () => {
    const dir = mkdtempSync(join(tmpdir(), 'prism-local-'))
    dirs.push(dir)
    const first = loadOrCreateLicenseKeyring(join(dir, '.local'))
    const path = join(dir, '.local', 'licensing-keys.json')
    expect(statSync(path).mode & 0o777).toBe(0o600)
    // Production's shape: a list of private keys with the day each signs from.
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual([{ privateKey: expect.stringContaining('-----BEGIN PRIVATE KEY-----'), from: expect.any(String) }])
    const again = loadOrCreateLicenseKeyring(join(dir, '.local'))
    expect(again.signer().kid).toBe(first.signer().kid)
    expect(again.published()).toEqual(first.published())
  })
})
