import * as v from 'valibot'
import { emailSchema, memberRoleSchema, priceIdSchema } from './contract'

/**
 * The organisation calls of the accounts API (issue 30, decision 0024): members and their roles,
 * invitations, and ownership transfers. The SPA validates answers with these schemas and the API
 * validates requests with the same ones.
 */

const isoDate = v.pipe(v.string(), v.isoTimestamp())

export const memberSchema = v.object({ oid: v.string(), name: v.string(), email: v.string(), role: memberRoleSchema })
export type Member = v.InferOutput<typeof memberSchema>

/** An offer of ownership waiting for the member it names to accept it. */
export const transferSchema = v.object({ from: memberSchema, to: memberSchema, formerOwnerBecomes: v.nullable(memberRoleSchema), at: isoDate })
export type Transfer = v.InferOutput<typeof transferSchema>

/**
 * `GET /api/organisation`: the caller's organisation as they stand in it. `role` null: they are no
 * organisation's member (they left the one their account keys). `personal`: nobody else is a
 * member yet (every account that bought alone), its owner the caller. `allowedPriceId` and
 * `hasStripeAccount` are its billing account's, as the account answer has them for the caller's
 * own: the sidebar shows the organisation's pages from them (null and false without one).
 */
export const organisationSchema = v.object({
  role: v.nullable(memberRoleSchema),
  personal: v.boolean(),
  members: v.array(memberSchema),
  transfer: v.nullable(transferSchema),
  allowedPriceId: v.nullable(priceIdSchema),
  hasStripeAccount: v.boolean(),
})
export type Organisation = v.InferOutput<typeof organisationSchema>

export const roleChangeRequestSchema = v.object({ role: memberRoleSchema })
export const transferRequestSchema = v.object({
  to: v.pipe(v.string('to must name a member'), v.nonEmpty('to must name a member'), v.maxLength(128, 'to must be at most 128 characters')),
  /** What the owner offering ownership becomes once it is accepted; null: they leave the organisation. */
  formerOwnerBecomes: v.nullable(v.picklist(['billing-manager', 'seat-manager'], 'formerOwnerBecomes must be billing-manager, seat-manager or null')),
})
export type TransferRequest = v.InferOutput<typeof transferRequestSchema>

// ---- Invitations -------------------------------------------------------------------------------

/** How long an invitation's link works. */
export const invitationDays = 14

export const inviteRequestSchema = v.object({ email: emailSchema, role: memberRoleSchema })
export type InviteRequest = v.InferOutput<typeof inviteRequestSchema>

/** What an owner typed in the Invite dialog, before the contract's check. */
export interface InviteDraft {
  email: string
  role: string
}

/** The request a draft makes, as the contract accepts it, or null when it refuses it. */
export function inviteRequestOf(draft: InviteDraft): InviteRequest | null {
  const parsed = v.safeParse(inviteRequestSchema, draft)
  return parsed.success ? parsed.output : null
}

/** An invitation as its organisation's owners see it: `expired` when its 14 days are over. */
export const invitationSchema = v.object({
  id: v.string(),
  email: v.string(),
  role: memberRoleSchema,
  invitedBy: v.nullable(v.string()),
  createdAt: isoDate,
  expiresAt: isoDate,
  status: v.picklist(['pending', 'expired']),
})
export type Invitation = v.InferOutput<typeof invitationSchema>
export const invitationsSchema = v.array(invitationSchema)

/** `POST /api/invitations/offer`: what the signed-in person is invited to (their email is the one it was sent to). */
export const invitationOfferSchema = v.object({ organisation: v.string(), role: memberRoleSchema, invitedBy: v.nullable(v.string()), expiresAt: isoDate })
export type InvitationOffer = v.InferOutput<typeof invitationOfferSchema>

/** The secret of an invitation's link: 43 base64url characters (256 bits). */
export const invitationSecretSchema = v.pipe(v.string(), v.regex(/^[\w-]{43}$/, 'The invitation link is not complete: open the link from the email again'))

/** The body of `POST /api/invitations/offer` and `/accept`: the link's secret, never in the path. */
export const invitationSecretRequestSchema = v.object({ secret: invitationSecretSchema })
export type InvitationSecretRequest = v.InferOutput<typeof invitationSecretRequestSchema>

// ---- A pending seat's mail ---------------------------------------------------------------------

/**
 * What became of an assignment mail sent again (mail to others is capped, decision 0024): queued,
 * in place of one still waiting (`replaced`), put off to tomorrow (one a day per recipient), or
 * dropped (the organisation's daily cap).
 */
export const mailOutcomes = ['queued', 'replaced', 'deferred', 'dropped'] as const
export type MailOutcome = (typeof mailOutcomes)[number]
/** `POST /api/licenses/:id/resend`. */
export const seatMailResentSchema = v.object({ licenseId: v.string(), mail: v.picklist(mailOutcomes) })
export type SeatMailResent = v.InferOutput<typeof seatMailResentSchema>
