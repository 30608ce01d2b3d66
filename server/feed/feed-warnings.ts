import { formatLongDate } from '@/common/format'
import { findPlan, type PriceId } from '@/common/plans'
import { isPastDue } from '../licensing/standing'
import { feedPolicy, packageMatches } from '../licensing/feed-policy'
import type { CatalogRelease } from './catalog'
import type { FeedCredential } from './credential-check'

/**
 * What the feed tells a build, in `X-NuGet-Warning` (NuGet prints each as a warning of the
 * restore): one line per cause, never a key, a token or an email. See docs/feed-coverage.md.
 */

/** A token's owner is told this many days before it expires, as the reminder mail does. */
export const tokenWarningDays = 14
const day = 86_400_000

const planName = (priceId: PriceId) => findPlan(priceId)?.name ?? priceId
/** The plans that cover a private package, by name: 'Commercial Plus'. */
const plansCovering = (id: string) =>
  (Object.keys(feedPolicy) as PriceId[])
    .filter((priceId) => feedPolicy[priceId].packages.some((pattern) => packageMatches(id, pattern)))
    .map(planName)
    .join(' or ')

/** Versions of a package released after the updates-until date: the first named as the sentence reads, any later ones after it. */
export function releasedAfterUpdates(hidden: readonly CatalogRelease[], updatesUntil: Date): string {
  const [first, ...later] = hidden
  const more = later.length ? `; so ${later.length === 1 ? 'was' : 'were'} ${later.map((release) => release.version).join(', ')}` : ''
  return `${first!.id} ${first!.version} was released after this license's updates ended on ${formatLongDate(updatesUntil)}${more}. Renewing the license opens them.`
}

/** A private package the credential's plan does not include, or that a feed token's scope leaves out. */
export function packageNotInPlan(id: string, credential: FeedCredential): string {
  if (credential.trialEnded)
    return `${id} is not open to this license: its ${planName(credential.priceId)} trial ended on ${formatLongDate(credential.trialEnded)}. Buying ${planName(credential.priceId)} opens it.`
  const { scope } = credential
  if (scope?.packages && scope.subscriptionPackages.some((pattern) => packageMatches(id, pattern)))
    return `${id} is outside this feed token's scope (${scope.packages.join(', ')}): its owner can make a token that opens it on the Feed tokens page.`
  if (credential.coverage.ended && credential.coverage.strategy === 'revoke') return `${id} is not open to this license: its subscription has ended.`
  return `${id} is not part of this ${planName(credential.priceId)} license: it comes with ${plansCovering(id) || 'another plan'}.`
}

/** What the feed says about the credential itself, on every answer a build's client prints warnings of (its lists, its files). */
export function credentialWarnings(credential: FeedCredential, now = new Date()): string[] {
  const warnings: string[] = []
  if (credential.coverage.packages.length === 0 && !credential.coverage.ended)
    warnings.push(`This ${planName(credential.priceId)} license includes no private packages: they come with Commercial Plus.`)
  if (credential.coverage.ended && credential.coverage.strategy === 'revoke') warnings.push('This license has ended: it opens no private package any more.')
  if (credential.trialEnded)
    warnings.push(
      `This license's ${planName(credential.priceId)} trial ended on ${formatLongDate(credential.trialEnded)}: it opens no private package any more. Buying ${planName(credential.priceId)} opens them.`,
    )
  if (isPastDue(credential.status))
    warnings.push(`The payment for this license's ${planName(credential.priceId)} subscription is past due: the feed stays open while it is retried. Its owner can update the card in Billing.`)
  const expiresAt = credential.tokenExpiresAt
  if (expiresAt && expiresAt.getTime() - now.getTime() <= tokenWarningDays * day)
    warnings.push(`This feed token expires on ${formatLongDate(expiresAt)}: its owner can make a new one on the Feed tokens page.`)
  return warnings
}

/** A seat's former key, given by the holder it was unassigned from (its 401's reason): never the key or the email. */
export const seatNoLongerAssigned = (releasedAt: Date) =>
  `This license key's seat was unassigned on ${formatLongDate(releasedAt)}: the key opens nothing any more. A seat assigned to you again comes with a new key, shown on My Licenses.`

/** A feed token suspended on a possible leak (its 401's reason). */
export const suspendedToken = 'This feed token is suspended: it was used from more networks than its scope allows, and may have leaked. An owner can resume it, or revoke it, on the Feed tokens page.'

/** A network past a feed token's limit (its 403's reason). */
export const networkPastLimit = (network: string, maxNetworks: number) =>
  `This feed token may be used from ${maxNetworks} network${maxNetworks === 1 ? '' : 's'} within 24 hours, and ${network} is one more: it is refused there, and its owners are told of a possible leak.`
