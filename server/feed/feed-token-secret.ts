import { createHash, randomBytes } from 'node:crypto'

/** What every feed token's secret begins with: secret scanners (and people) can tell it from a license key. */
export const feedTokenPrefix = 'pft_'

/** A new secret: the prefix and 256 random bits, base64url (47 characters in all). */
export const newFeedTokenSecret = () => `${feedTokenPrefix}${randomBytes(32).toString('base64url')}`

/**
 * What is stored of a secret, and what the feed check looks it up by: its SHA-256. The secret is
 * 256 random bits, so a hash without salt or stretching is enough, and the same secret always finds
 * its row by an index. Hashed here, never in SQL, so the secret never reaches the database or its logs.
 */
export const feedTokenDigest = (secret: string): Buffer => createHash('sha256').update(secret, 'utf8').digest()
