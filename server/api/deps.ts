import type { Database } from '../db/database'
import type { CatalogSource } from '../feed/catalog'
import type { FeedUsage } from '../feed/feed-usage'
import type { LicenseKeyring } from '../licensing/license-signing-keys'
import type { StripeGateway } from '../payments/gateway'
import type { Standings } from '../organisations/standing'
import type { PriceCatalogue } from '../payments/stripe-settings'
import type { RateLimits } from './rate-limit'
import type { Caller } from './token-verifier'

/** What the accounts API is built from (create-api.ts builds it as production and the local stack run it). */
export interface AccountsAppDeps {
  db: Database
  /** Stripe, or the local sandbox's Stripe-compatible API, in the portal's terms (server/payments/). */
  gateway: StripeGateway
  prices: PriceCatalogue
  verifyToken: (authorization: string | undefined) => Promise<Caller>
  /** The site's origin: return addresses must stay on it (no open redirects). */
  siteOrigin: string
  discordInviteUrl: string
  rateLimits?: RateLimits
  /** How many instances of the API are up (server/db/instances.ts): each holds its share of the rate limits. */
  instancesUp?: () => number
  /** When the feed last let each seat and token in (server/feed/feed-usage.ts); whoever makes it stops it before the database closes. */
  feedUsage: FeedUsage
  /** The package feed's public base address (ending with a slash): its documents' addresses are under it. By default `${siteOrigin}/v3/`, as docs/deploying.md's nginx serves it. */
  feedBaseUrl?: string
  /** How long the feed's proxy may repeat a positive answer while no portal answers (24 hours unless said). */
  feedOutageCeilingSeconds?: number
  /** The feed's releases, as the app reads them (server/feed/catalog.ts); by default read again every 30 s. */
  catalog?: CatalogSource
  /**
   * Each person's organisation and role, kept in memory (server/organisations/standing.ts). Several
   * instances on one database need one that listens for the others' changes (production's); without
   * one, the app keeps its own, which hears only its own changes (one instance: the local stack, tests).
   */
  standings?: Standings
  /** The keys license files are signed with (production's from LICENSE_SIGNING_KEYS; the local stack's under .local/); without one, a key of its own for the process (tests). */
  licenseKeyring?: LicenseKeyring
}
