import * as v from 'valibot'

/**
 * Every deployment value the SPA reads, as Vite exposes it (VITE_ prefix).
 * The same schema checks the environment at build time (vite.config.ts) and at start (config.ts).
 */
const httpsUrl = v.pipe(v.string(), v.trim(), v.url(), v.startsWith('https://'))
/** An https address, or a path on the site's own origin (the local stack serves everything there). */
const httpsUrlOrPath = v.union([httpsUrl, v.pipe(v.string(), v.trim(), v.regex(/^\/[^/]/, 'a path on the site (starting with one /)'))], 'an https address or a path starting with /')
const name = v.pipe(v.string(), v.trim(), v.minLength(1))
/** A NuGet v3 feed is named by its service index: the address package clients are given ends in /index.json. */
const feedIndex = v.pipe(httpsUrlOrPath, v.endsWith('/index.json', "the feed's service index (ending in /index.json)"))

export const publicEnvSchema = v.object({
  VITE_SITE_URL: httpsUrl,
  VITE_SUPPORT_EMAIL: v.pipe(v.string(), v.trim(), v.email()),
  VITE_DOCS_URL: httpsUrl,
  VITE_LICENSE_AGREEMENT_URL: httpsUrl,
  /** The private package feed the License Key dialog and feed tokens point at; a path is on the site's own origin (the local stack's /feed). */
  VITE_PACKAGE_FEED_URL: feedIndex,
  VITE_API_BASE_URL: httpsUrlOrPath,
  VITE_AUTH_CLIENT_ID: name,
  VITE_AUTH_AUTHORITY_BASE: httpsUrlOrPath,
  /** Comma-separated hosts MSAL may trust as authorities; empty means the authority's own host. */
  VITE_AUTH_KNOWN_AUTHORITIES: v.optional(v.pipe(v.string(), v.trim()), ''),
  /** B2C's user flows; empty for Entra External ID, whose authority has no policy segment. */
  VITE_AUTH_SIGN_IN_POLICY: v.optional(v.pipe(v.string(), v.trim()), ''),
  VITE_AUTH_PASSWORD_RESET_POLICY: v.optional(v.pipe(v.string(), v.trim()), ''),
  VITE_AUTH_SCOPE_READ: name,
  VITE_AUTH_SCOPE_WRITE: name,
  /** Stripe's publishable key; a `pk_test_sandbox` key makes the SPA load the local payment sandbox's Stripe.js. */
  VITE_STRIPE_PUBLISHABLE_KEY: v.pipe(v.string(), v.trim(), v.regex(/^pk_(live|test)_[A-Za-z0-9_]+$/, 'a Stripe publishable key (pk_live_… or pk_test_…)')),
})

export type PublicEnv = v.InferOutput<typeof publicEnvSchema>

export const publicEnvKeys = Object.keys(publicEnvSchema.entries) as (keyof PublicEnv)[]

/** Parses the environment; on failure the message names every missing or invalid variable. */
export function parsePublicEnv(env: Record<string, string | undefined>): PublicEnv {
  const result = v.safeParse(publicEnvSchema, env)
  if (result.success) return result.output
  const problems = result.issues.map((issue) => {
    const key = v.getDotPath(issue) ?? '(environment)'
    return env[key] === undefined || env[key] === '' ? `${key} is missing` : `${key} is invalid: ${issue.message}`
  })
  throw new Error(`Configuration error: ${problems.join('; ')}`)
}
