/**
 * Mail providers anyone can have an address at (decision 0047): an address there names a person,
 * not a company, so its domain does not count as a company's for the one trial per company domain;
 * such a person gets one trial of their own. Compared without regard to case. Add to this list, in
 * this one place, a provider whose addresses are anyone's.
 */
export const publicMailProviders: ReadonlySet<string> = new Set([
  'aol.com',
  'fastmail.com',
  'gmail.com',
  'gmx.com',
  'gmx.de',
  'gmx.net',
  'googlemail.com',
  'hey.com',
  'hotmail.com',
  'icloud.com',
  'live.com',
  'mail.com',
  'mail.ru',
  'me.com',
  'msn.com',
  'outlook.com',
  'proton.me',
  'protonmail.com',
  'qq.com',
  't-online.de',
  'tutanota.com',
  'web.de',
  'yahoo.com',
  'yandex.com',
  'yandex.ru',
  'zoho.com',
])

/** The company domain an address names: its domain, lower-cased; null at a public mail provider. */
export function companyDomainOf(email: string): string | null {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase()
  return domain && !publicMailProviders.has(domain) ? domain : null
}
