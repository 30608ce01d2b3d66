import { Hono } from 'hono'
import { licensingKeysPath } from '@/common/api-paths'
import type { LicenseKeyring } from '../licensing/license-signing-keys'

/**
 * `/.well-known/prism/licensing-keys.json`: the public keys license files are signed with, as a
 * JWKS. Public and cacheable, for customers' verifiers to save with their build; an hour keeps a
 * key published ahead of its first file in reach well before it signs one.
 */
export function licensingKeysApp(keyring: LicenseKeyring) {
  return new Hono().get(licensingKeysPath, (c) => {
    c.header('Cache-Control', 'public, max-age=3600')
    c.header('Access-Control-Allow-Origin', '*')
    return c.json(keyring.published())
  })
}
