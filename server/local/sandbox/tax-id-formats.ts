/**
 * The tax ID types the sandbox checks, with the format Stripe checks for each (Stripe's "Invalid
 * value for <type>." otherwise), and what a customer's tax ID says about their country. Test
 * numbers as on Stripe: a valid EU or UK VAT number ending in 000000000 is `unverified`, one
 * ending in 111111111 is `unavailable`, any other valid one is `verified`.
 */

/** EU VAT numbers: the country prefix (Greece's is EL, Northern Ireland's XI) and the digits after it. */
const euVat: Record<string, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-Z0-9]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{12}$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
  XI: /^(\d{9}|\d{12})$/,
}

/** The countries of the EU's VAT area by their ISO code (the VAT prefix differs for Greece and Northern Ireland). */
export const euCountries = Object.keys(euVat).map((prefix) => ({ EL: 'GR', XI: 'GB' })[prefix] ?? prefix)

/** Other types the sandbox accepts, each with Stripe's format; a type not listed is refused as Stripe refuses an unknown one. */
const otherFormats: Record<string, { format: RegExp; country: string }> = {
  gb_vat: { format: /^GB(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/, country: 'GB' },
  ch_vat: { format: /^CHE-?\d{3}\.?\d{3}\.?\d{3} ?(MWST|TVA|IVA)$/, country: 'CH' },
  no_vat: { format: /^\d{9}MVA$/, country: 'NO' },
  au_abn: { format: /^\d{11}$/, country: 'AU' },
  ca_bn: { format: /^\d{9}$/, country: 'CA' },
  us_ein: { format: /^\d{2}-?\d{7}$/, country: 'US' },
  in_gst: { format: /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, country: 'IN' },
  jp_cn: { format: /^\d{13}$/, country: 'JP' },
}

export const checkedTaxIdTypes = ['eu_vat', ...Object.keys(otherFormats)]

export type TaxIdCheck = { ok: true; value: string; country: string; verification: 'verified' | 'unverified' | 'unavailable' | null } | { ok: false }

/** A tax ID as Stripe stores it (upper case, without spaces), with its country and verification, or why not. */
export function checkTaxId(type: string, raw: string): TaxIdCheck {
  const value = raw.replace(/\s+/g, '').toUpperCase()
  if (type === 'eu_vat') {
    const prefix = value.slice(0, 2)
    const format = euVat[prefix]
    if (!format?.test(value.slice(2))) return { ok: false }
    return { ok: true, value, country: ({ EL: 'GR', XI: 'GB' } as Record<string, string>)[prefix] ?? prefix, verification: verificationOf(value) }
  }
  const other = otherFormats[type]
  if (!other?.format.test(value)) return { ok: false }
  return { ok: true, value, country: other.country, verification: type === 'gb_vat' ? verificationOf(value) : null }
}

function verificationOf(value: string) {
  if (/000000000$/.test(value)) return 'unverified'
  if (/111111111$/.test(value)) return 'unavailable'
  return 'verified'
}
