import * as v from 'valibot'
import { priceIds } from '../content/plans'

/**
 * The accounts API (spec section 7): every request and answer, once. The SPA validates answers
 * with these schemas and the local API validates requests with the same ones.
 */

// ---- Building blocks -------------------------------------------------------------------------

/** PostgreSQL's text cannot hold the NUL character; everything else is stored as sent. */
const storable = v.check((value: string) => !value.includes('\u0000'), 'must not contain the NUL character')
const trimmed = (max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max, `must be at most ${max} characters`), storable)
const required = (label: string, max: number) => v.pipe(v.string(`${label} is required`), v.trim(), v.nonEmpty(`${label} is required`), v.maxLength(max, `${label} must be at most ${max} characters`), storable)
export const emailSchema = v.pipe(v.string('Email is required'), v.trim(), v.nonEmpty('Email is required'), v.maxLength(254, 'Email must be at most 254 characters'), v.email('Email must be a valid email address'), storable)
const isoDate = v.pipe(v.string(), v.isoTimestamp())
export const priceIdSchema = v.picklist(priceIds, 'priceId must be one of the plans')
/** Addresses the site may send the user back to; the API also checks they are on its origin. */
const returnAddress = v.pipe(v.string(), v.trim(), v.maxLength(2048), v.url('must be an absolute address'), storable)

// ---- Account -----------------------------------------------------------------------------------

export const loginRequestSchema = v.object({
  firstName: trimmed(100),
  lastName: trimmed(100),
  email: emailSchema,
  oid: v.pipe(v.string(), v.trim(), v.nonEmpty('oid is required'), v.maxLength(128), storable),
})
export type LoginRequest = v.InferOutput<typeof loginRequestSchema>

/** The profile fields a user may change (spec section 3); email and oid are read-only. */
export const profileFieldsSchema = v.object({
  firstName: trimmed(100),
  lastName: trimmed(100),
  image: v.union([v.literal(''), v.pipe(v.string(), v.trim(), v.maxLength(2048), v.url('Avatar image must be an address'), v.startsWith('https://', 'Avatar image must be an https address'), storable)]),
  github: v.pipe(v.string(), v.trim(), v.maxLength(39, 'GitHub username must be at most 39 characters'), v.regex(/^$|^[A-Za-z0-9](?:[A-Za-z0-9-]{0,37}[A-Za-z0-9])?$/, 'GitHub username may hold letters, digits and single hyphens')),
  companyName: trimmed(200),
  country: trimmed(100),
  address: trimmed(200),
  city: trimmed(100),
  state: trimmed(100),
  zip: trimmed(20),
  emailAnnouncements: v.boolean(),
})
export type ProfileFields = v.InferOutput<typeof profileFieldsSchema>

export const accountSchema = v.object({
  ...profileFieldsSchema.entries,
  email: v.string(),
  oid: v.string(),
  discordName: v.nullable(v.string()),
  discordConnected: v.boolean(),
  allowedPriceId: v.nullable(priceIdSchema),
  hasStripeAccount: v.boolean(),
})
export type Account = v.InferOutput<typeof accountSchema>

// ---- Licenses ----------------------------------------------------------------------------------

/** A license the caller holds (spec section 3: License (own)). */
export const licenseSchema = v.object({
  id: v.string(),
  subscription: v.string(),
  priceId: priceIdSchema,
  accountEmail: v.string(),
  expirationDate: isoDate,
  licenseKey: v.string(),
  discordConnected: v.boolean(),
})
export type License = v.InferOutput<typeof licenseSchema>
export const licensesSchema = v.array(licenseSchema)

/** A seat of the caller's subscription, assigned to someone (spec section 3: Assigned license). */
export const assignedLicenseSchema = v.object({
  id: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  email: v.string(),
  expirationDate: isoDate,
})
export type AssignedLicense = v.InferOutput<typeof assignedLicenseSchema>
export const assignedLicensesSchema = v.array(assignedLicenseSchema)

export const assignRequestSchema = v.object({
  firstName: required('First name', 100),
  lastName: required('Last name', 100),
  email: emailSchema,
})
export type AssignRequest = v.InferOutput<typeof assignRequestSchema>

export const unassignRequestSchema = v.object({ licenseId: v.pipe(v.string('licenseId is required'), v.trim(), v.nonEmpty('licenseId is required'), v.maxLength(64), storable) })
export type UnassignRequest = v.InferOutput<typeof unassignRequestSchema>

export const statsSchema = v.object({
  subscription: v.nullable(v.string()),
  priceId: v.nullable(priceIdSchema),
  purchased: v.pipe(v.number(), v.integer(), v.minValue(0)),
  assigned: v.pipe(v.number(), v.integer(), v.minValue(0)),
  available: v.pipe(v.number(), v.integer(), v.minValue(0)),
})
export type Stats = v.InferOutput<typeof statsSchema>

// ---- Discord -----------------------------------------------------------------------------------

/** Discord's username rules: 2-32 characters, lowercase letters, digits, '_' and '.', no '..'. */
export const discordNameSchema = v.pipe(
  v.string('Discord username is required'),
  v.trim(),
  v.nonEmpty('Discord username is required'),
  v.minLength(2, 'Discord username must be at least 2 characters'),
  v.maxLength(32, 'Discord username must be at most 32 characters'),
  v.regex(/^[a-z0-9_.]+$/, 'Discord username may hold only lowercase letters, digits, _ and .'),
  v.check((name) => !name.includes('..'), 'Discord username cannot contain two dots in a row'),
)
export const discordConnectRequestSchema = v.object({ discordName: discordNameSchema })
export const discordConnectAnswerSchema = v.object({ inviteLink: v.pipe(v.string(), v.url()), discordConnected: v.literal(true) })
export type DiscordConnectAnswer = v.InferOutput<typeof discordConnectAnswerSchema>

// ---- Payments ----------------------------------------------------------------------------------

export const portalSessionRequestSchema = v.object({ returnUrl: returnAddress })
export const urlAnswerSchema = v.object({ url: v.pipe(v.string(), v.url()) })
/** A saved card as the portal shows it ('Visa ending in 4242'); never the full number. */
export const paymentCardSchema = v.object({ brand: v.string(), last4: v.pipe(v.string(), v.regex(/^\d{4}$/)) })
export type PaymentCard = v.InferOutput<typeof paymentCardSchema>
/** Whether the customer has a default payment method, and which card it is (the upgrade's confirm step shows it). */
export const hasPaymentMethodSchema = v.object({ hasPaymentMethod: v.boolean(), card: v.optional(v.nullable(paymentCardSchema), null) })
export const setupIntentSchema = v.object({ clientSecret: v.pipe(v.string(), v.nonEmpty()) })
export const savePaymentMethodRequestSchema = v.object({ paymentMethodId: v.pipe(v.string('paymentMethodId is required'), v.trim(), v.nonEmpty('paymentMethodId is required'), v.maxLength(255), storable) })

export const seatsSchema = v.pipe(v.number('quantity must be a number'), v.integer('quantity must be a whole number'), v.minValue(1, 'quantity must be at least 1'), v.maxValue(100_000, 'quantity is too large'))
export const upgradeRequestSchema = v.object({ priceId: priceIdSchema, quantity: v.pipe(seatsSchema, v.maxValue(500, 'quantity must be at most 500')) })
export type UpgradeRequest = v.InferOutput<typeof upgradeRequestSchema>

export const checkoutRequestSchema = v.object({ priceId: priceIdSchema, quantity: seatsSchema, successUrl: returnAddress, cancelUrl: returnAddress })
export type CheckoutRequest = v.InferOutput<typeof checkoutRequestSchema>
export const checkoutAnswerSchema = v.object({ sessionId: v.string(), url: v.pipe(v.string(), v.url()) })
export type CheckoutAnswer = v.InferOutput<typeof checkoutAnswerSchema>

// ---- Products ----------------------------------------------------------------------------------

export const productSchema = v.object({
  name: v.string(),
  priceId: priceIdSchema,
  priceDisplay: v.string(),
  price: v.pipe(v.number(), v.integer(), v.minValue(0)),
  actionText: v.string(),
  description: v.string(),
  features: v.array(v.string()),
  bestValue: v.boolean(),
  stripePriceId: v.string(),
  /** How many more seats of this plan the caller may buy (Community: 5 an account); null: no limit. */
  seatsAvailable: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))),
})
export type Product = v.InferOutput<typeof productSchema>

/** Every error answer of the API: `{ message }` with a catalogue status. */
export const errorAnswerSchema = v.object({ message: v.string() })
