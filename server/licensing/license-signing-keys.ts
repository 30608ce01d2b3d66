import { createHash, createPrivateKey, generateKeyPairSync, type KeyObject } from 'node:crypto'

/** One signing key as configured: its private key (PKCS#8 PEM, P-256) and the day it starts signing. */
export interface SigningKeySetting {
  privateKey: string
  from: string
}

/** A key of the keyring: its id (the public key's RFC 7638 thumbprint), its private key and when it signs from. */
export interface SigningKey {
  kid: string
  privateKey: KeyObject
  publicJwk: { kty: 'EC'; crv: 'P-256'; x: string; y: string }
  from: Date
}

/** How long a license file is good for from the day it is issued. */
export const licenseFileLifetimeDays = 365
/** How long a key stays published after the next one starts signing, unless configured: longer than a file's life, so that every file it signed expires first. */
export const defaultKeyOverlapDays = 400

const day = 86_400_000

/**
 * The signing key of one setting, checked: an EC P-256 private key, and a date. The messages never
 * repeat the key itself (they end up in the start's error, and so in logs).
 */
export function signingKeyOf(setting: SigningKeySetting): SigningKey {
  let privateKey: KeyObject
  try {
    privateKey = createPrivateKey({ key: setting.privateKey, format: 'pem' })
  } catch {
    throw new Error('a key is not a PKCS#8 PEM private key')
  }
  if (privateKey.asymmetricKeyType !== 'ec' || privateKey.asymmetricKeyDetails?.namedCurve !== 'prime256v1') throw new Error('a key is not an EC P-256 key (ES256)')
  const from = new Date(setting.from)
  if (Number.isNaN(from.getTime())) throw new Error('a key has no valid "from" date')
  const { x, y } = privateKey.export({ format: 'jwk' }) as { x: string; y: string }
  const publicJwk = { kty: 'EC', crv: 'P-256', x, y } as const
  // RFC 7638: the required members, in lexicographic order, without spaces.
  const kid = createHash('sha256')
    .update(JSON.stringify({ crv: 'P-256', kty: 'EC', x, y }))
    .digest('base64url')
  return { kid, privateKey, publicJwk, from }
}

/** A new P-256 key as a setting (the local stack's first start, the tests). */
export function newSigningKeySetting(from: Date): SigningKeySetting {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  return { privateKey: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(), from: from.toISOString() }
}

/** A published key, as the JWKS lists it. */
export type PublishedKey = SigningKey['publicJwk'] & { kid: string; alg: 'ES256'; use: 'sig' }

/**
 * The keys that sign license files and the ones verifiers are given. The key that signs is the
 * one with the latest `from` not after now. A key whose successor has started signing stays
 * published for `overlapDays` more, then is retired: no longer published, so files it signed no
 * longer verify. A key whose `from` is still ahead is published already, for verifiers to have it
 * before its first file.
 */
export function createLicenseKeyring(settings: readonly SigningKeySetting[], options: { overlapDays?: number } = {}) {
  const keys = settings.map(signingKeyOf).sort((a, b) => a.from.getTime() - b.from.getTime())
  if (keys.length === 0) throw new Error('at least one signing key is needed')
  if (new Set(keys.map((key) => key.kid)).size !== keys.length) throw new Error('a key is listed twice')
  const overlapMs = (options.overlapDays ?? defaultKeyOverlapDays) * day

  /** The key that signs at `now`. */
  function signer(now = new Date()): SigningKey {
    const signing = keys.filter((key) => key.from <= now).at(-1)
    if (!signing) throw new Error('no signing key has started signing yet')
    return signing
  }

  /** The keys a verifier is given at `now`: the signing one, those still ahead, and older ones within their overlap. */
  function published(now = new Date()): { keys: PublishedKey[] } {
    const shown = keys.filter((_, index) => {
      const successor = keys.slice(index + 1).find((next) => next.from <= now)
      return !successor || now.getTime() < successor.from.getTime() + overlapMs
    })
    return { keys: shown.map((key) => ({ ...key.publicJwk, kid: key.kid, alg: 'ES256', use: 'sig' })) }
  }

  return { signer, published, fileLifetimeMs: licenseFileLifetimeDays * day }
}
export type LicenseKeyring = ReturnType<typeof createLicenseKeyring>
