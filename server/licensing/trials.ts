import type { Queryable } from '../db/database'
import { conflict, Refusal } from '../kernel/refusal'
import { companyDomainOf } from './public-mail-providers'

/** Who asks for a trial: the organisation it is for, and the signed-in person with their address and the tenant's word on it. */
export interface TrialAsker {
  ownerOid: string
  personOid: string
  email: string
  emailVerified: boolean | null
}

/** The refusals of a trial in words (issue 49, decision 0047). */
export const trialRefusals = {
  unverified: 'Your email address is not verified. Verify it with your sign-in provider, then start the trial.',
  hasLicenses: 'Your organisation already has licenses: the free trial is for organisations that have none yet.',
  organisation: 'Your organisation has already had its free trial. Buy licenses to keep using Commercial Plus.',
  person: 'You have already had a free trial. Buy licenses to keep using Commercial Plus.',
  domain: (domain: string) => `An organisation at ${domain} has already had a free trial: there is one per company. Ask its owner to add you, or buy licenses.`,
  noTrial: 'Your organisation has no trial to extend.',
  extended: 'Your trial has already been extended once: buy licenses to keep using Commercial Plus after it ends.',
  ended: 'Your trial has ended: it can no longer be extended. Buy licenses to keep using Commercial Plus.',
}

/**
 * Whether the asker may start a trial: a verified address (the tenant not saying otherwise, as for
 * seats), an organisation with no subscription and no trial before, no trial at the address's company
 * domain, nor of this person (an address at a public mail provider counts only as its person's).
 */
export async function checkTrialAllowed(db: Queryable, asker: TrialAsker): Promise<void> {
  if (asker.emailVerified === false) throw new Refusal('forbidden', trialRefusals.unverified)
  const domain = companyDomainOf(asker.email)
  const [had] = await db.query<{ organisation: boolean; subscriptions: boolean; person: boolean; domain: boolean }>(
    `select exists (select 1 from trials where owner_oid = $1) as organisation,
            exists (select 1 from subscriptions where owner_oid = $1) as subscriptions,
            exists (select 1 from trials where person_oid = $2 or lower(email) = lower($3)) as person,
            exists (select 1 from trials where domain = $4) as domain`,
    [asker.ownerOid, asker.personOid, asker.email, domain],
  )
  if (had!.organisation) throw conflict(trialRefusals.organisation)
  if (had!.subscriptions) throw conflict(trialRefusals.hasLicenses)
  if (had!.person) throw conflict(trialRefusals.person)
  if (had!.domain) throw conflict(trialRefusals.domain(domain!))
}

/**
 * Records the organisation's trial, made at the payment provider as `stripeSubscriptionId`. The same
 * trial recorded again (a second press, whose key gave the same subscription) is that trial; another
 * that takes the organisation, person, address or domain one had first is refused (409) and answers
 * false, so the caller ends what it made.
 */
export async function recordTrial(db: Queryable, asker: TrialAsker, stripeSubscriptionId: string): Promise<boolean> {
  const inserted = await db.query(`insert into trials (id, owner_oid, person_oid, email, domain, stripe_subscription_id) values ($1, $2, $3, $4, $5, $6) on conflict do nothing returning id`, [
    `trial_${stripeSubscriptionId}`,
    asker.ownerOid,
    asker.personOid,
    asker.email,
    companyDomainOf(asker.email),
    stripeSubscriptionId,
  ])
  if (inserted.length) return true
  const [same] = await db.query('select 1 from trials where owner_oid = $1 and stripe_subscription_id = $2', [asker.ownerOid, stripeSubscriptionId])
  return Boolean(same)
}

/**
 * Claims the organisation's one extension for its live trial: the trial's subscription and its end
 * now. A second claim, or one for a trial that ended, is refused in words (409); two at once, one wins.
 */
export async function claimExtension(db: Queryable, ownerOid: string): Promise<{ stripeSubscriptionId: string; trialEnd: Date }> {
  const [trial] = await db.query<{ stripe_subscription_id: string; extended_at: Date | null; status: string | null; trial_end: Date | null }>(
    `select t.stripe_subscription_id, t.extended_at, s.status, s.trial_end
       from trials t left join subscriptions s on s.stripe_subscription_id = t.stripe_subscription_id where t.owner_oid = $1`,
    [ownerOid],
  )
  if (!trial) throw conflict(trialRefusals.noTrial)
  if (trial.extended_at) throw conflict(trialRefusals.extended)
  if (trial.status !== 'trialing' || !trial.trial_end) throw conflict(trialRefusals.ended)
  const claimed = await db.query('update trials set extended_at = now() where owner_oid = $1 and extended_at is null returning id', [ownerOid])
  if (!claimed.length) throw conflict(trialRefusals.extended)
  return { stripeSubscriptionId: trial.stripe_subscription_id, trialEnd: new Date(trial.trial_end) }
}

/** Gives the extension back when the payment provider did not take it: it may be asked again. */
export async function releaseExtension(db: Queryable, ownerOid: string): Promise<void> {
  await db.query('update trials set extended_at = null where owner_oid = $1', [ownerOid])
}

/** The organisation's trial as the API answers it: its end (its subscription's) and whether its extension is used. */
export async function trialOf(db: Queryable, ownerOid: string): Promise<{ trialEnd: string; extended: boolean }> {
  const [row] = await db.query<{ trial_end: Date; extended: boolean }>(
    `select s.trial_end, t.extended_at is not null as extended from trials t join subscriptions s on s.stripe_subscription_id = t.stripe_subscription_id where t.owner_oid = $1`,
    [ownerOid],
  )
  if (!row) throw conflict(trialRefusals.noTrial)
  return { trialEnd: new Date(row.trial_end).toISOString(), extended: row.extended }
}

/**
 * Buying during a trial keeps its seats and keys (decision 0047): a new paid subscription of the
 * owner takes the seats of the owner's live trial, holders and keys as they are, in the caller's
 * transaction (subscription-store.ts, when the new one is recorded). Answers how many it took; the
 * trial, left without seats, is ended at the payment provider (server/payments/trial-carry-over.ts).
 */
export async function carryTrialSeats(tx: Queryable, ownerOid: string, subscriptionId: string, quantity: number): Promise<number> {
  const moved = await tx.query(
    `update seats set subscription_id = $2
      where id in (select seats.id from seats join subscriptions s on s.id = seats.subscription_id
                    where s.owner_oid = $1 and s.id <> $2 and s.status = 'trialing' and s.trial_end is not null
                    order by seats.assigned_at nulls last, seats.id limit $3)
      returning id`,
    [ownerOid, subscriptionId, quantity],
  )
  return moved.length
}

/** The owner's live trials left without seats by a purchase, by their payment provider's id: to be ended there. */
export async function carriedTrials(db: Queryable, stripeSubscriptionId: string): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `select s.stripe_subscription_id as id from subscriptions s
      where s.owner_oid = (select owner_oid from subscriptions where stripe_subscription_id = $1) and s.stripe_subscription_id <> $1
        and s.status = 'trialing' and s.trial_end is not null and not exists (select 1 from seats where seats.subscription_id = s.id)`,
    [stripeSubscriptionId],
  )
  return rows.map((row) => row.id)
}
