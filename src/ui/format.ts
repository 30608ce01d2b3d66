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
