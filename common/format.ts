const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' })

/** US cents as US dollars with two decimals: 29900 -> '$299.00'. */
export function formatUsd(cents: number): string {
  return usd.format(cents / 100)
}

/** A date in long US format: 'March 5, 2027'. Dates are calendar days, read in UTC. */
export function formatLongDate(date: Date | string): string {
  return longDate.format(typeof date === 'string' ? new Date(date) : date)
}

const inDays = new Intl.RelativeTimeFormat('en-US', { numeric: 'always' })
const dayMs = 86_400_000

/** Whole days from now until the date, rounded up: a license ending later today has 1 day left. */
export function daysUntil(date: Date | string, now = new Date()): number {
  return Math.ceil((new Date(date).getTime() - now.getTime()) / dayMs)
}

/** 'in 12 days', 'in 1 day', '2 days ago'. */
export function formatDaysFromNow(days: number): string {
  return inDays.format(days, 'day')
}

/**
 * A moment in the viewer's own locale and time zone, date and time: 'Nov 20, 2026, 2:05 PM' in
 * en-US. Unlike the calendar days above, an activity happened at an instant. Tests pass a locale
 * and a zone to pin the text.
 */
export function formatDateTime(date: string, locale?: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(date))
}

/** What a license or feed token still opens in the package feed once its subscription has ended: 'Updates until May 31, 2026 · newest covered: 9.0.1'. */
export function formatCoverage(updatesUntil: string, newestCovered: string | null): string {
  return `Updates until ${formatLongDate(updatesUntil)}${newestCovered ? ` · newest covered: ${newestCovered}` : ''}`
}
