import type { Account, LoginRequest, ProfileFields } from '@/common/contract'
import type { Queryable } from '../db/database'
import { actorNameSql, jsWhitespace } from '../kernel/activity/actor'
import { insertActivitySql } from '../kernel/activity/activity-table'
import { notFound } from '../kernel/refusal'

export interface AccountRow {
  oid: string
  email: string
  first_name: string
  last_name: string
  image: string
  github: string
  company_name: string
  country: string
  address: string
  city: string
  state: string
  zip: string
  email_announcements: boolean
  discord_name: string | null
  discord_connected: boolean
  allowed_price_id: Account['allowedPriceId']
  stripe_customer_id: string | null
  /** How many upgrades the payment provider refused (server/db/migrations.ts, version 10). */
  upgrade_refusals: number
}

export function toAccount(row: AccountRow): Account {
  return {
    oid: row.oid,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    image: row.image,
    github: row.github,
    companyName: row.company_name,
    country: row.country,
    address: row.address,
    city: row.city,
    state: row.state,
    zip: row.zip,
    emailAnnouncements: row.email_announcements,
    discordName: row.discord_name,
    discordConnected: row.discord_connected,
    allowedPriceId: row.allowed_price_id,
    hasStripeAccount: row.stripe_customer_id !== null,
  }
}

export async function findAccountRow(db: Queryable, oid: string): Promise<AccountRow> {
  const [row] = await db.query<AccountRow>('select * from accounts where oid = $1', [oid])
  if (!row) throw notFound('The account')
  return row
}

/**
 * Signing in creates the account from the token's claims, or refreshes its email; names the
 * person already edited in the profile are kept. In the same statement, the seats assigned to the
 * email that no one holds yet are bound to this identity (unless the tenant says the email is not
 * verified), and a seat of that email bound to another identity is refused to this one: each is a
 * line in its owner's activity (a refusal once per seat and identity).
 */
export async function signIn(db: Queryable, identity: LoginRequest & { emailVerified: boolean | null }): Promise<Account> {
  const [row] = await db.query<AccountRow>(
    `with account as (
       insert into accounts (oid, email, first_name, last_name) values ($1, $2, $3, $4)
       on conflict (oid) do update set email = excluded.email,
         first_name = case when accounts.first_name = '' then excluded.first_name else accounts.first_name end,
         last_name = case when accounts.last_name = '' then excluded.last_name else accounts.last_name end,
         updated_at = now()
       returning *),
     bound as (
       update seats set holder_oid = $1 where holder_oid is null and assignee_email is not null and lower(assignee_email) = $2 and $5::boolean is not false
       returning id, subscription_id, 'seat-bound' as kind),
     refused as (
       select id, subscription_id, 'seat-refused' as kind from seats
        where holder_oid is not null and holder_oid <> $1 and assignee_email is not null and lower(assignee_email) = $2
          and not exists (select 1 from activity where activity.kind = 'seat-refused' and activity.seat_id = seats.id and activity.actor_oid = $1)),
     noted as (
       ${insertActivitySql(
         ['id', 'owner_oid', 'kind', 'actor_oid', 'actor_name', 'actor_email', 'price_id', 'subject_email', 'subscription_id', 'seat_id'],
         `select 'act_' || substr(md5(random()::text || seat.id), 1, 16), subscriptions.owner_oid, seat.kind, account.oid, ${actorNameSql('account', '$6')}, account.email,
              subscriptions.price_id, $2, seat.subscription_id, seat.id
         from (select * from bound union all select * from refused) seat join subscriptions on subscriptions.id = seat.subscription_id cross join account`,
       )})
     select * from account`,
    [identity.oid, identity.email.toLowerCase(), identity.firstName, identity.lastName, identity.emailVerified, jsWhitespace],
  )
  return toAccount(row!)
}

export async function updateProfile(db: Queryable, oid: string, fields: ProfileFields): Promise<Account> {
  const [row] = await db.query<AccountRow>(
    `update accounts set first_name = $2, last_name = $3, image = $4, github = $5, company_name = $6, country = $7,
       address = $8, city = $9, state = $10, zip = $11, email_announcements = $12, updated_at = now()
     where oid = $1 returning *`,
    [oid, fields.firstName, fields.lastName, fields.image, fields.github, fields.companyName, fields.country, fields.address, fields.city, fields.state, fields.zip, fields.emailAnnouncements],
  )
  if (!row) throw notFound('The account')
  return toAccount(row)
}

/** Connects the person's Discord name (the invitation is for Commercial Plus seat holders: holdsCommercialPlus). */
export async function connectDiscord(db: Queryable, oid: string, discordName: string): Promise<void> {
  const [connected] = await db.query('update accounts set discord_name = $2, discord_connected = true where oid = $1 returning oid', [oid, discordName])
  if (!connected) throw notFound('The account')
}
