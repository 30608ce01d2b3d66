import { randomBytes } from 'node:crypto'
import type Stripe from 'stripe'

/** Ids, times and decimals as Stripe writes them. */

type Decimal = NonNullable<Stripe.Price['unit_amount_decimal']>
/** Stripe sends decimals as strings; the SDK types them as its Decimal. */
export const decimal = (value: number) => String(value) as unknown as Decimal

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
export function newId(prefix: string, length = 24): string {
  const bytes = randomBytes(length)
  let text = ''
  for (const byte of bytes) text += alphabet[byte % alphabet.length]
  return `${prefix}_${text}`
}

export const unix = (date: Date | number) => Math.floor((typeof date === 'number' ? date : date.getTime()) / 1000)

/** One year later, as Stripe's yearly interval moves an anchor (same day and time, next year). */
export function addYear(seconds: number): number {
  const date = new Date(seconds * 1000)
  const next = new Date(date)
  next.setUTCFullYear(date.getUTCFullYear() + 1)
  // 29 February moves to 28 February, as Stripe keeps the month.
  if (next.getUTCMonth() !== date.getUTCMonth()) next.setUTCDate(0)
  return unix(next)
}
