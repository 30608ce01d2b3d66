import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createLicenseKeyring, newSigningKeySetting, type SigningKeySetting } from '../licensing/license-signing-keys'

/**
 * The local stack's license-signing keys, in production's shape (LICENSE_SIGNING_KEYS): made on
 * first start under the local folder and kept, so files issued before a restart still verify. To
 * try a rotation, add a key to the file's list with a later `from`.
 */
export function loadOrCreateLicenseKeyring(localDir: string) {
  const path = join(localDir, 'licensing-keys.json')
  if (!existsSync(path)) {
    mkdirSync(localDir, { recursive: true })
    writeFileSync(path, JSON.stringify([newSigningKeySetting(new Date())], null, 2), { mode: 0o600 })
  }
  return createLicenseKeyring(JSON.parse(readFileSync(path, 'utf8')) as SigningKeySetting[])
}
