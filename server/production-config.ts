import * as v from 'valibot'
import { logLevels } from './log'
import { defaultStandingSeconds } from './organisations/standing'
import { defaultFeedFailureLimits } from './feed/failure-limits'
import { mailFromSchema, smtpUrlSchema } from './mail/settings'
import { stripeSettingsSchema } from './payments/stripe-settings'
import { isSafeAddress } from './safe-address'
import { loopbackProxies, parseTrustedProxies } from './http/trusted-proxies'
import { licenseKeySettings } from './licensing/license-key-settings'
import { tenantClaimSettings } from './api/tenant-claims'

const required = (name: string) => v.pipe(v.string(`${name} is required`), v.trim(), v.nonEmpty(`${name} is required`))
const whole = (name: string) => v.pipe(v.string(), v.regex(/^[1-9]\d{0,6}$/, `${name} must be a whole number above 0`), v.transform(Number))
const address = (name: string) => v.pipe(required(name), v.url(`${name} must be an address`))
const httpsAddress = (name: string) => v.pipe(address(name), v.check(isSafeAddress, `${name} must be an https:// address`))

/**
 * Everything production needs, from the environment only: a missing or invalid value stops the
 * start with its name (docs/deploying.md lists them all).
 */
export const productionSettingsSchema = v.pipe(
  v.object({
    /** The PostgreSQL server (no embedded database in production). */
    DATABASE_URL: v.pipe(required('DATABASE_URL'), v.regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// address')),
    DATABASE_POOL_SIZE: v.optional(
      v.pipe(
        v.string(),
        v.regex(/^\d+$/, 'DATABASE_POOL_SIZE must be a whole number'),
        v.transform(Number),
        // Migrations hold one connection under their lock while they run on another.
        v.minValue(2, 'DATABASE_POOL_SIZE must be at least 2'),
        v.maxValue(200, 'DATABASE_POOL_SIZE must be at most 200'),
      ),
      '10',
    ),
    /** How long one statement may run before PostgreSQL cancels it (a runaway query holds no connection for long; migrations are exempt). */
    DATABASE_STATEMENT_TIMEOUT_SECONDS: v.optional(v.pipe(whole('DATABASE_STATEMENT_TIMEOUT_SECONDS'), v.maxValue(600, 'DATABASE_STATEMENT_TIMEOUT_SECONDS must be at most 600')), '15'),
    /** How long a request waits for a free connection of the pool before it is answered 503. */
    DATABASE_POOL_WAIT_SECONDS: v.optional(v.pipe(whole('DATABASE_POOL_WAIT_SECONDS'), v.maxValue(60, 'DATABASE_POOL_WAIT_SECONDS must be at most 60')), '5'),
    /** The site's public address: return addresses must stay on it, links point to it. */
    PUBLIC_ORIGIN: v.pipe(
      httpsAddress('PUBLIC_ORIGIN'),
      v.check((value) => new URL(value).origin === value.replace(/\/$/, ''), 'PUBLIC_ORIGIN must be an origin (https://host[:port], no path)'),
      v.transform((value) => new URL(value).origin),
    ),
    PORT: v.optional(v.pipe(v.string(), v.regex(/^\d+$/, 'PORT must be a port number'), v.transform(Number), v.maxValue(65535, 'PORT must be a port number')), '8080'),
    HOST: v.optional(v.pipe(v.string(), v.nonEmpty()), '0.0.0.0'),
    /** The proxies in front (addresses or ranges), whose X-Real-IP and X-Request-Id are believed; `none` for none. */
    TRUST_PROXY: v.optional(
      v.pipe(
        v.string(),
        v.rawTransform(({ dataset, addIssue, NEVER }) => {
          const parsed = parseTrustedProxies(dataset.value)
          if (parsed.trusted) return parsed.trusted
          addIssue({ message: parsed.error })
          return NEVER
        }),
      ),
      loopbackProxies,
    ),
    DIST_DIR: v.optional(v.pipe(v.string(), v.nonEmpty()), 'dist'),
    /** The tenant: its OpenID discovery document, issuer, the API's client id, the email claim. */
    // The signing keys come from the discovery document: fetched in the clear, they could be swapped.
    AUTH_METADATA_URL: httpsAddress('AUTH_METADATA_URL'),
    AUTH_ISSUER: v.pipe(
      required('AUTH_ISSUER'),
      v.check((value) => value.split(',').every((issuer) => isSafeAddress(issuer.trim())), 'AUTH_ISSUER must be one https:// address, or several separated by commas'),
    ),
    AUTH_AUDIENCE: required('AUTH_AUDIENCE'),
    AUTH_EMAIL_CLAIM: v.optional(v.pipe(v.string(), v.regex(/^[\w.-]+$/, 'AUTH_EMAIL_CLAIM must be a claim name')), 'emails'),
    /** The policies whose tokens are taken, and whether a token without email_verified is trusted. */
    ...tenantClaimSettings.entries,
    DISCORD_INVITE_URL: httpsAddress('DISCORD_INVITE_URL'),
    FEED_OUTAGE_CEILING_SECONDS: v.optional(
      v.pipe(v.string(), v.regex(/^\d+$/, 'FEED_OUTAGE_CEILING_SECONDS must be a number of seconds'), v.transform(Number), v.minValue(1, 'FEED_OUTAGE_CEILING_SECONDS must be at least 1')),
      '86400',
    ),
    FEED_BASE_URL: v.optional(
      v.pipe(
        httpsAddress('FEED_BASE_URL'),
        v.check((value) => value.endsWith('/'), 'FEED_BASE_URL must end with a slash'),
      ),
    ),
    /** The keys license files are signed with, and how long a replaced key stays published (docs/license-files.md). */
    ...licenseKeySettings.entries,
    /** Each person's requests a second to the API (shared by every instance), and the burst allowed above it. */
    RATE_LIMIT_READS_PER_SECOND: v.optional(whole('RATE_LIMIT_READS_PER_SECOND'), '50'),
    RATE_LIMIT_WRITES_PER_SECOND: v.optional(whole('RATE_LIMIT_WRITES_PER_SECOND'), '10'),
    RATE_LIMIT_BURST: v.optional(whole('RATE_LIMIT_BURST'), '40'),
    /** Failed feed credential checks from one client address (shared by every instance): the burst, then so many a minute. */
    FEED_FAILURE_BURST: v.optional(whole('FEED_FAILURE_BURST'), String(defaultFeedFailureLimits.perAddress.burst)),
    FEED_FAILURES_PER_MINUTE: v.optional(whole('FEED_FAILURES_PER_MINUTE'), String(defaultFeedFailureLimits.perAddress.perSecond * 60)),
    /**
     * How long an instance keeps a person's organisation and role once read (seconds): a change it
     * does not hear of (a notification lost) decides a read no longer than this; a change always
     * reads the role again (decision 0040). 0 reads it for every call.
     */
    ROLE_CACHE_SECONDS: v.optional(
      v.pipe(
        v.string(),
        v.regex(/^\d{1,3}(\.\d{1,3})?$/, 'ROLE_CACHE_SECONDS must be a number of seconds, such as 5 or 0.5'),
        v.transform(Number),
        v.maxValue(300, 'ROLE_CACHE_SECONDS must be at most 300'),
      ),
      String(defaultStandingSeconds),
    ),
    ...stripeSettingsSchema.entries,
    /** The mail server every instance sends through (smtp:// or smtps://, with its user and password). */
    SMTP_URL: smtpUrlSchema,
    /** Whom mail is from; the support address when unset. */
    MAIL_FROM: mailFromSchema,
    LOG_LEVEL: v.optional(v.picklist(logLevels, `LOG_LEVEL must be one of ${logLevels.join(', ')}`), 'info'),
  }),
  // One price for two plans would sell the one plan as the other.
  v.forward(
    v.check(
      (settings) => new Set([settings.STRIPE_PRICE_COMMUNITY, settings.STRIPE_PRICE_COMMERCIAL, settings.STRIPE_PRICE_COMMERCIAL_PLUS]).size === 3,
      'STRIPE_PRICE_COMMUNITY, STRIPE_PRICE_COMMERCIAL and STRIPE_PRICE_COMMERCIAL_PLUS must be three different prices',
    ),
    ['STRIPE_PRICE_COMMERCIAL'],
  ),
)

export type ProductionSettings = v.InferOutput<typeof productionSettingsSchema>

/** The settings, or an error naming every missing or invalid variable. */
export function readProductionSettings(env: Record<string, string | undefined> = process.env): ProductionSettings {
  const result = v.safeParse(productionSettingsSchema, env, { abortPipeEarly: true })
  if (result.success) return result.output
  const problems = result.issues.map((issue) => {
    const name = v.getDotPath(issue) ?? 'configuration'
    if (issue.received === 'undefined') return `${name} is required`
    return issue.message.includes(name) ? issue.message : `${name}: ${issue.message}`
  })
  throw new Error(`The server cannot start:\n  ${problems.join('\n  ')}`)
}
