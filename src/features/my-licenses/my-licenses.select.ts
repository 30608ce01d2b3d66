import type { SnapshotFrom } from 'xstate'
import type { billingPortalMachine } from '@/machines/billing-portal.machine'
import type { myLicensesMachine } from '@/machines/my-licenses.machine'
import type { License, LicenseStatus } from '@/common/contract'
import { purchaseHref } from '@/common/plans'
import { daysUntil, formatCoverage, formatDaysFromNow, formatLongDate } from '@/common/format'
import { attentionColor } from '@/src/ui/theme'

/** Licenses that end within this many days also say so in words. */
export const expiringSoonDays = 30

/** A card's badge: the spec's green 'Active', amber (with dark text) while a payment is due, grey once ended. */
export interface StatusBadge {
  label: string
  color: 'green.9' | typeof attentionColor | 'gray.7'
}

const badges: Record<LicenseStatus, StatusBadge> = {
  active: { label: 'Active', color: 'green.9' },
  // Set to cancel, the seat still works until its date: the date line says when it ends.
  cancels: { label: 'Active', color: 'green.9' },
  // A free trial (decision 0047): the seat works until the trial's end, which the date line says.
  trial: { label: 'Trial', color: 'green.9' },
  'payment-due': { label: 'Payment due', color: attentionColor },
  // Bought by invoice: the seat works while the invoice is open; the line below says by when to pay.
  'awaiting-payment': { label: 'Awaiting payment', color: attentionColor },
  expired: { label: 'Expired', color: 'gray.7' },
}

/** The date line under the owner, and the same end in days when it is near. */
function dates(status: LicenseStatus, expirationDate: string, days: number) {
  const date = formatLongDate(expirationDate)
  const soon = days <= expiringSoonDays ? formatDaysFromNow(days) : null
  switch (status) {
    case 'expired':
      return { line: `Expired on ${date}`, inWords: null }
    case 'cancels':
      return { line: `Cancels on ${date}`, inWords: soon && `Ends ${soon}` }
    case 'trial':
      return { line: `Trial ends on ${date}`, inWords: soon && `Ends ${soon}` }
    default:
      return { line: `Expires: ${date}`, inWords: soon && `Expires ${soon}` }
  }
}

/**
 * What an ended seat still opens in the package feed (docs/feed-coverage.md): 'Updates until May
 * 31, 2026 · newest covered: 9.0.1'. A live seat's updates run to its expiry, which its date line says.
 */
function coverageLine(license: License): string | null {
  return license.status === 'expired' && license.updatesUntil ? formatCoverage(license.updatesUntil, license.newestCovered) : null
}

export function selectMyLicenses(snapshot: SnapshotFrom<typeof myLicensesMachine>, now = new Date()) {
  const cards = snapshot.context.licenses.map((license) => {
    // The API answers a key while it opens something: an ended seat's opens what the seat covered.
    const hasKey = license.licenseKey !== ''
    const plus = license.priceId === 'commercial-plus' && hasKey && license.status !== 'expired'
    const { line, inWords } = dates(license.status, license.expirationDate, daysUntil(license.expirationDate, now))
    return {
      id: license.id,
      title: license.subscription,
      badge: badges[license.status],
      owner: `Owner: ${license.accountEmail}`,
      expires: line,
      expiresInWords: license.status === 'awaiting-payment' && license.paymentDueDate ? `Invoice due by ${formatLongDate(license.paymentDueDate)}` : inWords,
      coverage: coverageLine(license),
      // Paid by invoice: the next period's invoice, sent 30 days before the renewal (decision 0056).
      renewalInvoice: license.renewalInvoice ? `Renewal invoiced (${license.renewalInvoice.number}): due by ${formatLongDate(license.renewalInvoice.dueDate)}` : null,
      showKey: hasKey,
      showDiscord: plus,
      discordConnected: plus && license.discordConnected,
      /** The subscription's owner settles a due payment in Billing. */
      updatePayment: license.status === 'payment-due' && license.ownedByCaller,
      /** A trial's owner may extend it once (decision 0047). */
      extendTrial: license.status === 'trial' && license.ownedByCaller && !license.trialExtended,
      /** The owner of an ended subscription may buy the plan again. */
      buyAgainHref: license.status === 'expired' && license.ownedByCaller ? purchaseHref(license) : null,
      license,
    }
  })
  return {
    // Placeholders whether the page loads its cards or takes those the session asked for.
    loading: snapshot.matches('loading') || snapshot.matches('takingFirstPage'),
    empty: snapshot.matches('empty'),
    error: snapshot.matches('failed') ? snapshot.context.error : null,
    cards,
  }
}

/** 'Update payment in Billing' shows progress while the sidebar's Billing opens the portal. */
export function selectBillingOpening(snapshot: SnapshotFrom<typeof billingPortalMachine>) {
  return !snapshot.matches('idle')
}
