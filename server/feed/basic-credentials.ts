/** The email and license key a package client sends for the feed. */
export interface FeedCredentials {
  /** Lower-cased: the seat holder's address compares without regard to case. */
  email: string
  key: string
}

const base64 = /^[A-Za-z0-9+/]+={0,2}$/
// eslint-disable-next-line no-control-regex -- the characters refused
const controlCharacter = /[\u0000-\u001f\u007f]/

/**
 * HTTP Basic credentials (RFC 7617): `Basic base64(email:key)`, the email before the first colon.
 * Null for anything else: another scheme, bad base64, no colon, an empty or overlong part, a control character.
 */
export function basicCredentials(header: string | undefined): FeedCredentials | null {
  const match = header?.match(/^basic +(\S{1,1024})\s*$/i)
  if (!match || !base64.test(match[1]!)) return null
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8')
  // RFC 7617 allows no control characters in either part (and PostgreSQL cannot compare a NUL).
  if (controlCharacter.test(decoded)) return null
  const colon = decoded.indexOf(':')
  if (colon < 1) return null
  const email = decoded.slice(0, colon).trim().toLowerCase()
  const key = decoded.slice(colon + 1)
  if (!email || email.length > 254 || !key || key.length > 200) return null
  return { email, key }
}
