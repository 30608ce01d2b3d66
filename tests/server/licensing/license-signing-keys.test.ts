import { generateKeyPairSync } from 'node:crypto'
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose'
import { describe, expect, it } from 'vitest'
import { signLicense, type LicenseClaims } from '@/server/licensing/license-file'
import { createLicenseKeyring, newSigningKeySetting } from '@/server/licensing/license-signing-keys'

const day = 86_400_000
/** The old key signs from January 2026, the new one from July 1, 2026; a replaced key stays published 30 days. */
const oldKey = newSigningKeySetting(new Date('2026-01-01T00:00:00Z'))
const newKey = newSigningKeySetting(new Date('2026-07-01T00:00:00Z'))
const keyring = createLicenseKeyring([newKey, oldKey], { overlapDays: 30 })
const at = (date: string, days = 0) => new Date(Date.parse(date) + days * day)

/** A license file issued at `issued`, with the key that signed then. */
function fileIssuedAt(issued: Date) {
  const iat = Math.floor(issued.getTime() / 1000)
  const claims: LicenseClaims = {
    iss: 'https://portal.example.com',
    sub: 'seat_1',
    org: 'org_1',
    email: 'dev@example.com',
    plan: 'commercial-plus',
    plan_name: 'Commercial Plus',
    packages: ['Prism.Plus.*'],
    updates_until: '2026-12-31T00:00:00.000Z',
    iat,
    exp: iat + 365 * 86_400,
  }
  return signLicense(keyring, claims, issued)
}

/** Verifies the file as a customer's verifier does on `day`: against the keys published then. */
const verifiesOn = (file: string, when: Date) =>
  jwtVerify(file, createLocalJWKSet(keyring.published(when)), { currentDate: when }).then(
    () => 'verified',
    (error: Error) => error.constructor.name,
  )

describe('license signing keys and their rotation', () => {
  it('signs with the key whose day has come, and publishes the next one before it signs', () => {
    const [oldKid, newKid] = [keyring.signer(at('2026-03-01')).kid, keyring.signer(at('2026-07-01')).kid]
    expect(oldKid).not.toBe(newKid)
    expect(keyring.signer(at('2026-06-30T23:59:59Z')).kid).toBe(oldKid)
    expect(keyring.published(at('2026-03-01')).keys.map((key) => key.kid)).toEqual([oldKid, newKid])
    expect(() => keyring.signer(at('2025-12-31'))).toThrow('no signing key has started signing yet')
  })

  it('keeps verifying a file the old key signed while it stays published, and refuses it once the key is retired', async () => {
    const oldFile = fileIssuedAt(at('2026-06-20'))
    const newFile = fileIssuedAt(at('2026-07-02'))
    expect(decodeProtectedHeader(oldFile).kid).toBe(keyring.signer(at('2026-06-20')).kid)
    expect(decodeProtectedHeader(newFile).kid).toBe(keyring.signer(at('2026-07-02')).kid)
    // The new key signs from July 1; the old one is published 30 days more.
    expect(await verifiesOn(oldFile, at('2026-07-01', 29))).toBe('verified')
    expect(keyring.published(at('2026-07-01', 29)).keys).toHaveLength(2)
    // Retired: no longer published, so its files no longer verify; the new key's still do.
    expect(keyring.published(at('2026-07-01', 30)).keys.map((key) => key.kid)).toEqual([keyring.signer(at('2026-07-02')).kid])
    expect(await verifiesOn(oldFile, at('2026-07-01', 30))).toBe('JWKSNoMatchingKey')
    expect(await verifiesOn(newFile, at('2026-07-01', 30))).toBe('verified')
  })

  it('refuses a key that is not P-256, and a key listed twice', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString()
    expect(() => createLicenseKeyring([{ privateKey: rsa, from: '2026-01-01' }])).toThrow('a key is not an EC P-256 key (ES256)')
    expect(() => createLicenseKeyring([oldKey, oldKey])).toThrow('a key is listed twice')
    expect(() => createLicenseKeyring([])).toThrow('at least one signing key is needed')
  })
})
