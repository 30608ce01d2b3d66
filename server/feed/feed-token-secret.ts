import { randomBytes } from 'node:crypto'
import { secretDigest } from '../secret-digest'

/** What every feed token's secret begins with: secret scanners (and people) can tell it from a license key. */
export const feedTokenPrefix = 'pft_'

/** A new secret: the prefix and 256 random bits, base64url (47 characters in all). */
export const newFeedTokenSecret = () => `${feedTokenPrefix}${randomBytes(32).toString('base64url')}`

/** What is stored of a secret, and what the feed check looks it up by. */
export const feedTokenDigest = secretDigest
