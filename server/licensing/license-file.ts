import { sign } from 'node:crypto'
import { findPlan, type PriceId } from '@/common/plans'
import type { Queryable } from '../db/database'
import { notFound } from '../kernel/refusal'
import { may } from '../organisations/roles'
import { holds, type Holder } from '../organisations/seat-holder'
import type { Standing } from '../organisations/standing'
import { coverageOfRow, feedTermsColumns, type FeedTermsRow } from './feed-rules'
import type { LicenseKeyring } from './license-signing-keys'

/** What a license file says (docs/license-files.md): the claims of its JWS. */
export interface LicenseClaims {
  iss: string
  /** The seat's id. */
  sub: string
  /** The organisation's id, and its company name when it gave one. */
  org: string
  org_name?: string
  email: string
  plan: PriceId
  plan_name: string
  /** The private package patterns it covers (`Prism.Plus.*`); public packages need none. */
  packages: string[]
  /** Versions dated on or before this instant are covered (ISO 8601), or `forever`. */
  updates_until: string
  iat: number
  exp: number
}

type SeatRow = FeedTermsRow & { id: string; assignee_email: string; holder_oid: string | null; owner_oid: string; company_name: string }

const seatQuery = {
  name: 'license-file-seat',
  text: `select seats.id, seats.assignee_email, seats.holder_oid, subscriptions.owner_oid, owners.company_name, ${feedTermsColumns}
           from seats join subscriptions on subscriptions.id = seats.subscription_id join accounts owners on owners.oid = subscriptions.owner_oid
           left join feed_rules on feed_rules.subscription_id = subscriptions.id
          where seats.id = $1 and seats.assignee_email is not null`,
}

/**
 * The claims of an assigned seat's license file, for its holder or its organisation's owners and
 * seat managers (the role this instance keeps: a read). Anyone else, and a free seat, get 404: they
 * learn nothing, not even that the seat exists. What it covers is the feed's coverage
 * (docs/feed-coverage.md), an ended subscription's included: its file says what its end left.
 */
export async function licenseClaimsOf(db: Queryable, caller: Holder, standing: Standing, seatId: string, issuer: string, now: Date, lifetimeMs: number): Promise<LicenseClaims> {
  const [seat] = await db.query<SeatRow>(seatQuery, [seatId])
  const manages = Boolean(seat && standing.organisation === seat.owner_oid && may(standing.role, 'seats'))
  if (!seat || !(manages || holds(caller, { holderOid: seat.holder_oid, holderEmail: seat.assignee_email }))) throw notFound('The license')
  const coverage = coverageOfRow(seat)
  const iat = Math.floor(now.getTime() / 1000)
  return {
    iss: issuer,
    sub: seat.id,
    org: seat.owner_oid,
    ...(seat.company_name ? { org_name: seat.company_name } : {}),
    email: seat.assignee_email,
    plan: seat.price_id,
    plan_name: findPlan(seat.price_id)?.name ?? seat.price_id,
    packages: [...coverage.packages],
    updates_until: coverage.updatesUntil === 'forever' ? 'forever' : coverage.updatesUntil.toISOString(),
    iat,
    exp: iat + Math.floor(lifetimeMs / 1000),
  }
}

/** A compact JWS of the claims, ES256 with the key that signs at `now` (its `kid` in the header). */
export function signLicense(keyring: LicenseKeyring, claims: LicenseClaims, now: Date): string {
  const key = keyring.signer(now)
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const signingInput = `${part({ alg: 'ES256', typ: 'JWT', kid: key.kid })}.${part(claims)}`
  // JWS wants the signature as r‖s (IEEE P1363), not DER.
  const signature = sign('sha256', Buffer.from(signingInput), { key: key.privateKey, dsaEncoding: 'ieee-p1363' })
  return `${signingInput}.${signature.toString('base64url')}`
}
