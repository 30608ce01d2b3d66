/** Stripe's test cards and its messages: what a card number means in the sandbox. */
export type CardCheck = { ok: true; brand: string; last4: string; expMonth: number; expYear: number } | { ok: false; field: 'number' | 'expiry' | 'cvc'; message: string; inline: true }

/** Cards refused when they are first used (checkout, setup intent): Stripe's decline code and message. */
export const declines: Record<string, { code: 'generic_decline' | 'insufficient_funds'; message: string }> = {
  '4000000000000002': { code: 'generic_decline', message: 'Your card was declined.' },
  '4000000000009995': { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
}

/** Cards that attach to a customer (a setup intent succeeds) but whose charges fail. */
const failingCharges: Record<string, { code: 'generic_decline'; message: string }> = {
  '4000000000000341': { code: 'generic_decline', message: 'Your card was declined.' },
}

export const digits = (number: string) => number.replace(/[\s-]/g, '')

/** Why saving this card for later (a setup intent) is refused, or null when it attaches. */
export function attachDecline(number: string): { code: 'generic_decline' | 'insufficient_funds'; message: string } | null {
  return declines[digits(number)] ?? null
}

/** Why charging this card is refused, or null when it pays. */
export function chargeDecline(number: string): { code: 'generic_decline' | 'insufficient_funds'; message: string } | null {
  return declines[digits(number)] ?? failingCharges[digits(number)] ?? null
}

function luhn(digits: string): boolean {
  let sum = 0
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index])
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2
    sum += digit
  }
  return sum % 10 === 0
}

/** Checks a card as Stripe's form does inline: number, then expiry, then security code. */
export function checkCard(input: { number: string; expiry: string; cvc: string }, today = new Date()): CardCheck {
  const number = input.number.replace(/[\s-]/g, '')
  if (!/^\d*$/.test(number) || (number.length >= 16 && !luhn(number))) return { ok: false, field: 'number', message: 'Your card number is invalid.', inline: true }
  if (number.length < 16) return { ok: false, field: 'number', message: 'Your card number is incomplete.', inline: true }
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2})\s*$/.exec(input.expiry)
  if (!expiry) return { ok: false, field: 'expiry', message: "Your card's expiration date is incomplete.", inline: true }
  const expMonth = Number(expiry[1])
  const expYear = 2000 + Number(expiry[2])
  if (expMonth < 1 || expMonth > 12) return { ok: false, field: 'expiry', message: "Your card's expiration month is invalid.", inline: true }
  if (expYear < today.getUTCFullYear() || (expYear === today.getUTCFullYear() && expMonth < today.getUTCMonth() + 1)) {
    return { ok: false, field: 'expiry', message: "Your card's expiration year is in the past.", inline: true }
  }
  if (!/^\d{3,4}$/.test(input.cvc.trim())) return { ok: false, field: 'cvc', message: "Your card's security code is incomplete.", inline: true }
  return { ok: true, brand: number.startsWith('4') ? 'visa' : number.startsWith('5') ? 'mastercard' : 'card', last4: number.slice(-4), expMonth, expYear }
}
