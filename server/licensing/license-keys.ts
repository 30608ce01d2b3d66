import { randomBytes } from 'node:crypto'

const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'

/** A license key: five groups of five characters from an alphabet without look-alikes. */
export function newLicenseKey(): string {
  const bytes = randomBytes(25)
  const chars = [...bytes].map((byte) => alphabet[byte % alphabet.length])
  return ['PRSM', ...[0, 5, 10, 15, 20].map((start) => chars.slice(start, start + 5).join(''))].join('-')
}
