import { existsSync } from 'node:fs'
import * as v from 'valibot'
import { mailFromSchema, smtpUrlSchema } from '../mail/settings'
import { stripeSettingsSchema } from '../payments/stripe-settings'
import { tenantClaimSettings } from '../api/tenant-claims'

const port = v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1), v.maxValue(65535))

const serverEnvSchema = v.object({
  PORT: v.optional(port, '5173'),
  HOST: v.optional(v.pipe(v.string(), v.minLength(1)), 'localhost'),
  LOCAL_DIR: v.optional(v.pipe(v.string(), v.minLength(1)), '.local'),
  DIST_DIR: v.optional(v.pipe(v.string(), v.minLength(1)), 'dist'),
  /** A PostgreSQL server; without it the API uses PGlite in LOCAL_DIR/db. */
  DATABASE_URL: v.optional(v.pipe(v.string(), v.startsWith('postgres'))),
  DISCORD_INVITE_URL: v.optional(v.pipe(v.string(), v.url()), 'https://discord.gg/prism-local-invite'),
  /** Access token lifetime at the local identity provider (tests shorten it). */
  ACCESS_TOKEN_TTL_SECONDS: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(5)), '3600'),
  /** The tenant whose tokens the API accepts; empty: the local identity provider's. */
  AUTH_METADATA_URL: v.optional(v.union([v.literal(''), v.pipe(v.string(), v.url())]), ''),
  AUTH_ISSUER: v.optional(v.string(), ''),
  AUTH_AUDIENCE: v.optional(v.string(), ''),
  AUTH_EMAIL_CLAIM: v.optional(v.pipe(v.string(), v.regex(/^[\w.-]+$/)), 'emails'),
  /** What the API trusts of a real tenant's tokens (the local provider's: its sign-in policy; it always sends email_verified). */
  ...tenantClaimSettings.entries,
  /** Where mail goes; empty: the stack's own mail catcher (MailDev) on the ports below. */
  SMTP_URL: v.optional(v.union([v.literal(''), smtpUrlSchema]), ''),
  MAIL_FROM: mailFromSchema,
  MAILDEV_SMTP_PORT: v.optional(port, '1025'),
  MAILDEV_WEB_PORT: v.optional(port, '1080'),
  /** How often the mail worker runs the periodic jobs (the reminders); the browser tests shorten it. */
  PERIODIC_JOBS_EVERY_MS: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1000)), '3600000'),
  ...stripeSettingsSchema.entries,
})

export type ServerConfig = v.InferOutput<typeof serverEnvSchema> & { origin: string }

/** The local stack's defaults (.env.localstack) under whatever the environment sets. */
export function loadLocalDefaults(file = '.env.localstack') {
  if (existsSync(file)) process.loadEnvFile(file)
}

/** Reads the local stack's settings from the environment; a bad value stops the start with its name. */
export function readServerConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const result = v.safeParse(serverEnvSchema, env)
  if (!result.success) {
    const names = result.issues.map((issue) => `${v.getDotPath(issue)}: ${issue.message}`)
    throw new Error(`Invalid server configuration: ${names.join('; ')}`)
  }
  const { PORT, HOST } = result.output
  const origin = `https://${HOST}:${PORT}`
  // The local stack's Stripe is the payment sandbox on its own origin.
  return { ...result.output, STRIPE_API_BASE: result.output.STRIPE_API_BASE || origin, origin }
}
