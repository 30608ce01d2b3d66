import type { Account, LoginRequest, ProfileFields } from '../../common/contract'
import type { Queryable } from '../db/database'
import { notFound } from './refusal'

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
 * person already edited in the profile are kept.
 */
export async function signIn(db: Queryable, identity: LoginRequest): Promise<Account> {
  const [row] = await db.query<AccountRow>(
    `insert into accounts (oid, email, first_name, last_name) values ($1, $2, $3, $4)
     on conflict (oid) do update set email = excluded.email,
       first_name = case when accounts.first_name = '' then excluded.first_name else accounts.first_name end,
       last_name = case when accounts.last_name = '' then excluded.last_name else accounts.last_name end,
       updated_at = now()
     returning *`,
    [identity.oid, identity.email.toLowerCase(), identity.firstName, identity.lastName],
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
