import { randomBytes } from 'node:crypto'

/** A row's id: the table's prefix and twelve random characters (`seat_…`, `act_…`, `mail_…`). */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(9).toString('base64url')}`
}
