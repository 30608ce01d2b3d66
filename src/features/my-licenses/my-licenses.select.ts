import type { SnapshotFrom } from 'xstate'
import type { myLicensesMachine } from '../../../machines/myLicenses.machine'
import { daysUntil, formatDaysFromNow, formatLongDate } from '../../ui/format'

/** Licenses that end within this many days also say so in words. */
export const expiringSoonDays = 30

export function selectMyLicenses(snapshot: SnapshotFrom<typeof myLicensesMachine>, now = new Date()) {
  const cards = snapshot.context.licenses.map((license) => {
    const days = daysUntil(license.expirationDate, now)
    const plus = license.priceId === 'commercial-plus' && license.licenseKey !== ''
    return {
      id: license.id,
      title: license.subscription,
      owner: `Owner: ${license.accountEmail}`,
      expires: `Expires: ${formatLongDate(license.expirationDate)}`,
      expiresInWords: days <= expiringSoonDays ? `Expires ${formatDaysFromNow(days)}` : null,
      showDiscord: plus,
      discordConnected: plus && license.discordConnected,
      license,
    }
  })
  return {
    loading: snapshot.matches('loading'),
    empty: snapshot.matches('empty'),
    error: snapshot.matches('failed') ? snapshot.context.error : null,
    cards,
  }
}
