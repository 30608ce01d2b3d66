import * as v from 'valibot'
import { priceIds, upgradeSeatLimits } from './plans'

/**
 * The accounts API (spec section 7): every request and answer, once. The SPA validates answers
 * with these schemas and the local API validates requests with the same ones.
 */

// ---- Building blocks -------------------------------------------------------------------------

/**
 * The longest value each text field the API accepts may hold, after trimming, counted in UTF-16
 * code units (a string's length; an emoji counts 2 or more). Not graphemes: one grapheme can carry
 * thousands of combining marks. The SPA checks the same schemas before it sends (decision 0009).
 */
export const fieldLimits = {
  firstName: 100,
  lastName: 100,
  email: 254,
  oid: 128,
  image: 2048,
  github: 39,
  companyName: 200,
  country: 100,
  address: 200,
  city: 100,
  state: 100,
  zip: 20,
  discordName: 32,
  licenseId: 64,
  paymentMethodId: 255,
  returnUrl: 2048,
} as const

/** PostgreSQL's text holds neither the NUL character nor half of a surrogate pair; everything else is stored as sent. */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
const storable = (label: string) => v.check((value: string) => !value.includes('\u0000') && !loneSurrogate.test(value), `${label} holds a character that cannot be stored`)
const atMost = (label: string, max: number) => v.maxLength<string, number, string>(max, `${label} must be at most ${max} characters`)
/** Free text: leading and trailing white space dropped, the rest kept exactly as typed. */
export const text = (label: string, max: number) => v.pipe(v.string(`${label} must be text`), v.trim(), atMost(label, max), storable(label))
export const required = (label: string, max: number) => v.pipe(v.string(`${label} is required`), v.trim(), v.nonEmpty(`${label} is required`), atMost(label, max), storable(label))
export const emailSchema = v.pipe(required('Email', fieldLimits.email), v.email('Email must be a valid email address'))
/**
 * A name that goes into mail to someone else (an assignee's): letters, marks, spaces and . ' -
 * only, with a letter among them, so no one can put a link or a message in the portal's mail.
 */
export const nameCharacters = /^[\p{L}\p{M} .'-]*\p{L}[\p{L}\p{M} .'-]*$/u
const personName = (label: string, max: number) =>
  v.pipe(
    required(label, max),
    v.check((value) => value === '' || nameCharacters.test(value), `${label} may hold only letters, marks, spaces and . ' -`),
  )
export const isoDate = v.pipe(v.string(), v.isoTimestamp())
export const priceIdSchema = v.picklist(priceIds, 'priceId must be one of the plans')
/** Addresses the site may send the user back to; the API also checks they are on its origin. */
const returnAddress = (label: string) => v.pipe(text(label, fieldLimits.returnUrl), v.url(`${label} must be an absolute address`))

// ---- Account -----------------------------------------------------------------------------------

export const loginRequestSchema = v.object({
  firstName: text('First name', fieldLimits.firstName),
  lastName: text('Last name', fieldLimits.lastName),
  email: emailSchema,
  oid: required('oid', fieldLimits.oid),
})
export type LoginRequest = v.InferOutput<typeof loginRequestSchema>

/** The profile fields a user may change (spec section 3); email and oid are read-only. */
export const profileFieldsSchema = v.object({
  firstName: text('First name', fieldLimits.firstName),
  lastName: text('Last name', fieldLimits.lastName),
  image: v.pipe(
    text('Avatar image', fieldLimits.image),
    v.check((value) => value === '' || v.is(v.pipe(v.string(), v.url()), value), 'Avatar image must be an address'),
    v.check((value) => value === '' || value.startsWith('https://'), 'Avatar image must be an https address'),
  ),
  github: v.pipe(text('GitHub username', fieldLimits.github), v.regex(/^$|^[A-Za-z0-9](?:[A-Za-z0-9-]{0,37}[A-Za-z0-9])?$/, 'GitHub username may hold letters, digits and single hyphens')),
  companyName: text('Company', fieldLimits.companyName),
  country: text('Country', fieldLimits.country),
  address: text('Address', fieldLimits.address),
  city: text('City', fieldLimits.city),
  state: text('State', fieldLimits.state),
  zip: text('Zip', fieldLimits.zip),
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

/**
 * Where a seat stands with billing (our addition to spec section 3): `active` (the spec's green
 * badge), `awaiting-payment` (bought by invoice, the invoice open and not yet due: the seat works
 * until `paymentDueDate`, issue 49), `payment-due` (the subscription is past due: renewal failed,
 * Stripe retries, or an invoice passed its due date), `cancels` (set to cancel at period end: the
 * seat lasts until `expirationDate`), `trial` (a free trial without a card, decision 0047: the seat
 * works until `expirationDate`, the trial's end; `trialExtended` once its one extension is used), `expired` (the subscription ended: its key opens only what the
 * seat covered, if anything). A backend that sends no status means active.
 */
export const licenseStatuses = ['active', 'trial', 'awaiting-payment', 'payment-due', 'cancels', 'expired'] as const
export const licenseStatusSchema = v.picklist(licenseStatuses)
export type LicenseStatus = v.InferOutput<typeof licenseStatusSchema>

/** A renewal invoiced ahead and still open (decision 0056): its number and when it is due. */
export const renewalInvoiceSchema = v.object({ number: v.string(), dueDate: isoDate })
export type RenewalInvoice = v.InferOutput<typeof renewalInvoiceSchema>

/** A license the caller holds (spec section 3: License (own)), with its billing status (our addition). */
export const licenseSchema = v.object({
  id: v.string(),
  subscription: v.string(),
  priceId: priceIdSchema,
  accountEmail: v.string(),
  /** The subscription's current period end: the seat's expiry, or the date it expired or cancels on. */
  expirationDate: isoDate,
  /** Empty for an expired seat whose key opens nothing any more. */
  licenseKey: v.string(),
  discordConnected: v.boolean(),
  status: v.optional(licenseStatusSchema, 'active'),
  /** A trial's one extension is used (decision 0047). */
  trialExtended: v.optional(v.boolean()),
  /** While awaiting payment: when the open invoice is due. */
  paymentDueDate: v.optional(v.nullable(isoDate)),
  /** Paid by invoice: the next period's invoice, sent 30 days before the renewal and still open (decision 0056). */
  renewalInvoice: v.optional(v.nullable(renewalInvoiceSchema)),
  /** The caller owns the subscription (and so may open Billing or buy again). */
  ownedByCaller: v.optional(v.boolean(), false),
  /**
   * What the seat covers in the private package feed (docs/feed-coverage.md): the versions released
   * on or before this date (its paid period's end); null for a plan without private packages.
   */
  updatesUntil: v.optional(v.nullable(isoDate), null),
  /** The newest private package version it covers; null when none. */
  newestCovered: v.optional(v.nullable(v.string()), null),
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
  /** When the package feed last let this seat's key in (issue: who uses their seat); null: never. Kept to the minute. */
  lastFeedAccessAt: v.optional(v.nullable(isoDate), null),
  /** Its holder has not signed in yet: the seat is bound to nobody, and its mail can be sent again. */
  pending: v.optional(v.boolean(), false),
  /**
   * Only when its subscription has ended (listed while its key still opens private versions): what
   * it covers, as My Licenses says it (docs/feed-coverage.md). Absent for a live seat.
   */
  ended: v.optional(v.object({ updatesUntil: v.nullable(isoDate), newestCovered: v.nullable(v.string()) })),
})
export type AssignedLicense = v.InferOutput<typeof assignedLicenseSchema>
export const assignedLicensesSchema = v.array(assignedLicenseSchema)

export const assignRequestSchema = v.object({
  firstName: personName('First name', fieldLimits.firstName),
  lastName: personName('Last name', fieldLimits.lastName),
  email: emailSchema,
})
export type AssignRequest = v.InferOutput<typeof assignRequestSchema>

export const unassignRequestSchema = v.object({ licenseId: required('licenseId', fieldLimits.licenseId) })
export type UnassignRequest = v.InferOutput<typeof unassignRequestSchema>

/** `POST /api/licenses/{licenseId}/regenerate-key` (our addition): the seat's new key; the old one stops working at once. */
export const regeneratedKeySchema = v.object({ licenseId: v.string(), licenseKey: v.pipe(v.string(), v.nonEmpty()) })
export type RegeneratedKey = v.InferOutput<typeof regeneratedKeySchema>

/** `GET /api/licenses/{licenseId}/license-file` (issue 47): the seat's license file, a compact JWS (three base64url parts). */
export const licenseFileSchema = v.pipe(v.string(), v.regex(/^[\w-]+\.[\w-]+\.[\w-]+$/, 'a license file is a compact JWS'))

export const statsSchema = v.object({
  subscription: v.nullable(v.string()),
  priceId: v.nullable(priceIdSchema),
  purchased: v.pipe(v.number(), v.integer(), v.minValue(0)),
  assigned: v.pipe(v.number(), v.integer(), v.minValue(0)),
  available: v.pipe(v.number(), v.integer(), v.minValue(0)),
})
export type Stats = v.InferOutput<typeof statsSchema>

// ---- Activity ----------------------------------------------------------------------------------

/**
 * What happened to an owner's licenses (our addition): `GET /api/account/activity?before=<cursor>&limit=<1-100>`,
 * newest first. `actor` is who did it (null: billing did, e.g. a renewal); `subjectEmail` the seat
 * holder an assign, unassign or key change was about; `seats` how many seats a purchase, addition or
 * upgrade counted.
 */
export const activityKinds = [
  'purchase',
  'seats-added',
  'upgrade',
  'assign',
  'unassign',
  'key-regenerated',
  'renewal',
  'payment-failed',
  'cancellation',
  'cancellation-withdrawn',
  'expiry',
  'feed-token-created',
  'feed-token-revoked',
  'feed-token-expired',
  // A feed token used from a network past its scope (issue 47), and its owner letting it in again.
  'feed-token-leak',
  'feed-token-resumed',
  // Organisations (issue 30): members, invitations, ownership, seats bound to their holder, capped mail.
  'role-changed',
  'member-removed',
  'member-left',
  'invitation-sent',
  'invitation-resent',
  'invitation-accepted',
  'invitation-expired',
  'invitation-revoked',
  'ownership-offered',
  'ownership-transferred',
  'ownership-declined',
  'ownership-withdrawn',
  'seat-bound',
  'seat-refused',
  'mail-deferred',
  'mail-dropped',
] as const
/** The roles of an organisation's members (server/organisations/roles.ts decides what each may do). */
export const memberRoles = ['owner', 'billing-manager', 'seat-manager'] as const
export const memberRoleSchema = v.picklist(memberRoles, 'role must be owner, billing-manager or seat-manager')
export type MemberRole = (typeof memberRoles)[number]
export const activityEntrySchema = v.object({
  id: v.string(),
  at: isoDate,
  kind: v.picklist(activityKinds),
  actor: v.nullable(v.object({ name: v.string(), email: v.string() })),
  priceId: v.nullable(priceIdSchema),
  subjectEmail: v.nullable(v.string()),
  seats: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))),
  /** The feed token a `feed-token-*` entry is about, by its name. */
  tokenName: v.optional(v.nullable(v.string()), null),
  /** The role the actor acted in (null: a seat holder, billing, or before organisations). */
  actorRole: v.optional(v.nullable(memberRoleSchema), null),
  /** The role a member, an invitation or an ownership change is about. */
  role: v.optional(v.nullable(memberRoleSchema), null),
})
export type ActivityEntry = v.InferOutput<typeof activityEntrySchema>
export const activityPageSchema = v.object({ entries: v.array(activityEntrySchema), nextCursor: v.nullable(v.string()) })
export type ActivityPage = v.InferOutput<typeof activityPageSchema>
export const activityQuerySchema = v.object({
  before: v.optional(v.pipe(v.string(), v.regex(/^[\w-]{1,200}$/, 'before must be a cursor from a previous page'))),
  limit: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,3}$/, 'limit must be a whole number'), v.transform(Number), v.minValue(1, 'limit must be at least 1'), v.maxValue(100, 'limit must be at most 100')),
    '20',
  ),
})

// ---- Feed tokens -------------------------------------------------------------------------------

/**
 * Named credentials for CI on the private package feed (our addition): username `token`, password
 * the secret, shown once when made. A token belongs to the owner's live Commercial Plus subscription
 * and works while it is live, whoever holds its seats.
 *   GET    /api/feed-tokens        the caller's tokens, newest first (never their secrets)
 *   POST   /api/feed-tokens        { name, expiresInDays } -> 201 { token, secret }; 409 without a live Plus subscription
 *   DELETE /api/feed-tokens/{id}   revokes at once -> 204; 404 when not the caller's
 *   POST   /api/feed-tokens/{id}/resume   lets a token suspended on a possible leak in again -> 204; 404 when not the caller's or not suspended
 * A token's scope (issue 47, decision 0049): the package patterns it opens (none given: all its
 * subscription covers; wider: 422 on `packages`), and the distinct client networks (IPv4 /24, IPv6
 * /64) it may be used from within 24 hours; one past them marks it a possible leak, and suspends it
 * when `suspendOnLeak`.
 */
export const feedTokenLimits = { name: 60, defaultDays: 365, maxDays: 730, perSubscription: 20, patterns: 10, defaultNetworks: 3, maxNetworks: 10 } as const
/** A package pattern: a NuGet id, or a prefix of one ending in `*` (`Prism.Plus.*`). */
const packagePattern = /^(?:[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*(?:\.\*)?|[A-Za-z0-9_.-]*\*)$/
/** The patterns as typed (separated by commas or white space) or as a list. */
const patternList = (value: string | string[]) => (Array.isArray(value) ? value : value.split(/[\s,]+/)).map((pattern) => pattern.trim()).filter(Boolean)
export const packagePatternsSchema = v.pipe(
  v.union([v.string(), v.array(v.string())], 'Packages must be text or a list'),
  v.transform(patternList),
  v.maxLength(feedTokenLimits.patterns, `Packages: at most ${feedTokenLimits.patterns} patterns`),
  v.check((patterns) => patterns.every((pattern) => pattern.length <= 100 && packagePattern.test(pattern)), 'Packages: each is a package id, or a prefix ending in * (Prism.Plus.*)'),
)
/** The user name a package client sends with a feed token's secret. */
export const feedTokenUsername = 'token'
/** Who made a token, and whether they may still manage feed tokens in the organisation (removed, or demoted to billing manager: no). */
export const feedTokenCreatorSchema = v.object({ oid: v.string(), name: v.string(), email: v.string(), managesTokens: v.boolean() })
export type FeedTokenCreator = v.InferOutput<typeof feedTokenCreatorSchema>
export const feedTokenSchema = v.object({
  id: v.string(),
  name: v.string(),
  createdBy: feedTokenCreatorSchema,
  /** The secret's last four characters, to tell tokens apart. */
  last4: v.string(),
  createdAt: isoDate,
  expiresAt: isoDate,
  /** When the feed last let it in (kept to the minute); null: never. */
  lastUsedAt: v.nullable(isoDate),
  /** Its subscription has ended: the token still opens what the subscription covered, until the token itself expires. */
  subscriptionEnded: v.optional(v.boolean(), false),
  /** What it covers in the private package feed: versions released on or before this date (docs/feed-coverage.md). */
  updatesUntil: v.optional(v.nullable(isoDate), null),
  /** The newest private package version it covers; null when none. */
  newestCovered: v.optional(v.nullable(v.string()), null),
  /** Its scope's package patterns; null: all its subscription covers. */
  packages: v.optional(v.nullable(v.array(v.string())), null),
  /** The distinct client networks it may be used from within 24 hours; null: any. */
  maxNetworks: v.optional(v.nullable(v.number()), null),
  suspendOnLeak: v.optional(v.boolean(), false),
  /** When a network past its limit marked it a possible leak; null: none since it was made or resumed. */
  leakAt: v.optional(v.nullable(isoDate), null),
  /** Suspended on that leak: refused until an owner resumes it. */
  suspendedAt: v.optional(v.nullable(isoDate), null),
  /** The distinct client networks of the last 30 days, most recent first. */
  networks: v.optional(v.array(v.object({ network: v.string(), lastSeenAt: isoDate, allowed: v.boolean() })), []),
  /** Its downloads per package and version. */
  downloads: v.optional(v.array(v.object({ packageId: v.string(), version: v.string(), downloads: v.number() })), []),
})
export type FeedToken = v.InferOutput<typeof feedTokenSchema>
export const feedTokensSchema = v.array(feedTokenSchema)
export const createFeedTokenRequestSchema = v.object({
  name: required('Name', feedTokenLimits.name),
  expiresInDays: v.optional(
    v.pipe(
      v.number('Expiry must be a number of days'),
      v.integer('Expiry must be a whole number of days'),
      v.minValue(1, 'Expiry must be at least 1 day'),
      v.maxValue(feedTokenLimits.maxDays, `Expiry must be at most ${feedTokenLimits.maxDays} days`),
    ),
    feedTokenLimits.defaultDays,
  ),
  packages: v.optional(packagePatternsSchema, []),
  maxNetworks: v.optional(
    v.pipe(
      v.number('Networks must be a number'),
      v.integer('Networks must be a whole number'),
      v.minValue(1, 'Networks must be at least 1'),
      v.maxValue(feedTokenLimits.maxNetworks, `Networks must be at most ${feedTokenLimits.maxNetworks}`),
    ),
    feedTokenLimits.defaultNetworks,
  ),
  suspendOnLeak: v.optional(v.boolean('Suspend on leak must be true or false'), false),
})
export type CreateFeedTokenRequest = v.InferOutput<typeof createFeedTokenRequestSchema>
/** Every working token one person made revoked at once (offboarding, issue 48): the person by their oid. */
export const revokeFeedTokensByRequestSchema = v.object({
  oid: v.pipe(v.string('oid must name the person who made the tokens'), v.nonEmpty('oid must name the person who made the tokens'), v.maxLength(128, 'oid must be at most 128 characters')),
})
export type RevokeFeedTokensByRequest = v.InferOutput<typeof revokeFeedTokensByRequestSchema>
export const revokedFeedTokensSchema = v.object({ revoked: v.number() })
export const createdFeedTokenSchema = v.object({ token: feedTokenSchema, secret: v.pipe(v.string(), v.nonEmpty()) })
export type CreatedFeedToken = v.InferOutput<typeof createdFeedTokenSchema>

/**
 * `GET /api/licenses/assigned.csv`: the owner's seats for a spreadsheet, one row each. Cells that
 * begin with `=`, `+`, `-` or `@` are neutralised (a leading `'`) so no spreadsheet runs them.
 */
export const assignedCsvHeader = ['email', 'firstName', 'lastName', 'plan', 'assignedAt', 'lastFeedAccessAt', 'status'] as const

// ---- Discord -----------------------------------------------------------------------------------

/** Discord's username rules: 2-32 characters, lowercase letters, digits, '_' and '.', no '..'. */
export const discordNameSchema = v.pipe(
  required('Discord username', fieldLimits.discordName),
  v.minLength(2, 'Discord username must be at least 2 characters'),
  v.regex(/^[a-z0-9_.]+$/, 'Discord username may hold only lowercase letters, digits, _ and .'),
  v.check((name) => !name.includes('..'), 'Discord username cannot contain two dots in a row'),
)
export const discordConnectRequestSchema = v.object({ discordName: discordNameSchema })
/**
 * Spec section 7 answers with `inviteLink` or `discordConnected`: either is enough (ours sends both).
 * A returned invite link opens in a new tab and means connected (section 4).
 */
export const discordConnectAnswerSchema = v.pipe(
  v.object({ inviteLink: v.optional(v.pipe(v.string(), v.url())), discordConnected: v.optional(v.boolean()) }),
  v.check((answer) => answer.inviteLink !== undefined || answer.discordConnected === true, 'The answer has neither an invite link nor discordConnected'),
)

// ---- Payments ----------------------------------------------------------------------------------

export const portalSessionRequestSchema = v.object({ returnUrl: returnAddress('returnUrl') })
export const urlAnswerSchema = v.object({ url: v.pipe(v.string(), v.url()) })
/** A saved card as the portal shows it ('Visa ending in 4242'); never the full number. */
export const paymentCardSchema = v.object({ brand: v.string(), last4: v.pipe(v.string(), v.regex(/^\d{4}$/)) })
export type PaymentCard = v.InferOutput<typeof paymentCardSchema>
/** Whether the customer has a default payment method, and which card it is (the upgrade's confirm step shows it). */
export const hasPaymentMethodSchema = v.object({ hasPaymentMethod: v.boolean(), card: v.optional(v.nullable(paymentCardSchema), null) })
export const setupIntentSchema = v.object({ clientSecret: v.pipe(v.string(), v.nonEmpty()) })
export const savePaymentMethodRequestSchema = v.object({ paymentMethodId: required('paymentMethodId', fieldLimits.paymentMethodId) })
/** The payment method saved as the default, and its card (as has-default-payment-method answers it), so the client need not ask again. */
export const savedPaymentMethodSchema = v.object({ paymentMethodId: v.string(), card: v.nullable(paymentCardSchema) })
export type SavedPaymentMethod = v.InferOutput<typeof savedPaymentMethodSchema>

export const seatsSchema = v.pipe(
  v.number('quantity must be a number'),
  v.integer('quantity must be a whole number'),
  v.minValue(1, 'quantity must be at least 1'),
  v.maxValue(100_000, 'quantity is too large'),
)
export const upgradeRequestSchema = v.object({ priceId: priceIdSchema, quantity: v.pipe(seatsSchema, v.maxValue(upgradeSeatLimits.max, `quantity must be at most ${upgradeSeatLimits.max}`)) })
export type UpgradeRequest = v.InferOutput<typeof upgradeRequestSchema>

export const checkoutRequestSchema = v.object({ priceId: priceIdSchema, quantity: seatsSchema, successUrl: returnAddress('successUrl'), cancelUrl: returnAddress('cancelUrl') })
export type CheckoutRequest = v.InferOutput<typeof checkoutRequestSchema>
export const checkoutAnswerSchema = v.object({ sessionId: v.string(), url: v.pipe(v.string(), v.url()) })

/**
 * Where a checkout stands for the purchase completion page (our addition to spec section 7):
 * `GET /api/stripe/checkout-sessions/{sessionId}`. `fulfilled`: the licenses exist; `processing`:
 * paid, but Stripe's webhook has not been handled yet; `open`: not paid. A session that is not the
 * caller's, or does not exist, is a 404.
 */
export const checkoutStatusSchema = v.object({ status: v.picklist(['fulfilled', 'processing', 'open']) })
export type CheckoutStatus = v.InferOutput<typeof checkoutStatusSchema>['status']

/**
 * What an upgrade costs (our addition): `GET /api/stripe/upgrade-preview?priceId=&quantity=`, from
 * Stripe's preview of the prorated invoice. Amounts in cents: `amountDue` is charged now,
 * `annualTotal` (price x seats) every year from `renewsOn`.
 */
export const upgradePreviewQuerySchema = v.object({
  priceId: priceIdSchema,
  quantity: v.pipe(
    v.string('quantity is required'),
    v.regex(/^\d{1,6}$/, 'quantity must be a whole number'),
    v.transform(Number),
    v.minValue(upgradeSeatLimits.min, `quantity must be at least ${upgradeSeatLimits.min}`),
    v.maxValue(upgradeSeatLimits.max, `quantity must be at most ${upgradeSeatLimits.max}`),
  ),
})
export const upgradePreviewSchema = v.object({
  amountDue: v.pipe(v.number(), v.integer(), v.minValue(0)),
  annualTotal: v.pipe(v.number(), v.integer(), v.minValue(0)),
  renewsOn: isoDate,
})
export type UpgradePreview = v.InferOutput<typeof upgradePreviewSchema>

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
