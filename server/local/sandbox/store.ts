import type Stripe from 'stripe'
import type { Queryable } from '@/server/db/database'
import { errors } from './protocol'
import { apiVersion } from './protocol'
import { newId } from './objects/ids'

/** Where the sandbox keeps Stripe's objects: one row each, its JSON plus the columns it filters on. */

export interface StoredObject {
  id: string
  object: string
}

export interface Row<T> {
  data: T
  private: Record<string, unknown>
}

interface RawRow {
  data: unknown
  private: unknown
  seq: string | number
}

const parse = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T

const nouns: Record<string, string> = {
  customer: 'customer',
  subscription: 'subscription',
  invoice: 'invoice',
  payment_method: 'PaymentMethod',
  setup_intent: 'setupintent',
  'checkout.session': 'checkout.session',
  'billing_portal.session': 'billing_portal.session',
  'billing_portal.configuration': 'configuration',
  'test_helpers.test_clock': 'test_clock',
  subscription_item: 'subscription item',
  tax_id: 'tax_id',
  subscription_schedule: 'subscription schedule',
  quote: 'quote',
}

export async function load<T extends StoredObject>(q: Queryable, type: string, id: string, options: { lock?: boolean } = {}): Promise<Row<T> | undefined> {
  const [row] = await q.query<RawRow>(`select data, private, seq from sandbox_objects where id = $1 and type = $2${options.lock ? ' for update' : ''}`, [id, type])
  return row ? { data: parse<T>(row.data), private: parse<Record<string, unknown>>(row.private) } : undefined
}

/** Loads an object or throws Stripe's 404 "No such …". */
export async function mustLoad<T extends StoredObject>(q: Queryable, type: string, id: string, options: { lock?: boolean; param?: string } = {}): Promise<Row<T>> {
  const row = await load<T>(q, type, id, options)
  if (!row) throw errors.missing(nouns[type] ?? type, id, options.param ?? 'id')
  return row
}

/** Any stored object by id (for expand). */
export async function loadAny(q: Queryable, id: string): Promise<StoredObject | undefined> {
  const [row] = await q.query<RawRow>('select data, private, seq from sandbox_objects where id = $1', [id])
  return row ? parse<StoredObject>(row.data) : undefined
}

export async function insert(
  q: Queryable,
  data: StoredObject,
  columns: { customer?: string | null; subscription?: string | null; testClock?: string | null } = {},
  secret: Record<string, unknown> = {},
): Promise<void> {
  await q.query('insert into sandbox_objects (id, type, customer, subscription, test_clock, data, private) values ($1, $2, $3, $4, $5, $6, $7)', [
    data.id,
    data.object,
    columns.customer ?? null,
    columns.subscription ?? null,
    columns.testClock ?? null,
    JSON.stringify(data),
    JSON.stringify(secret),
  ])
}

export async function save(q: Queryable, data: StoredObject, secret?: Record<string, unknown>): Promise<void> {
  if (secret) await q.query('update sandbox_objects set data = $2, private = $3 where id = $1', [data.id, JSON.stringify(data), JSON.stringify(secret)])
  else await q.query('update sandbox_objects set data = $2 where id = $1', [data.id, JSON.stringify(data)])
}

export interface Page {
  limit: number
  startingAfter?: string
  endingBefore?: string
}

/** A Stripe list, newest first, with limit and cursors. */
export async function list<T extends StoredObject>(
  q: Queryable,
  type: string,
  filters: { customer?: string; subscription?: string; testClock?: string; json?: Record<string, string | string[]> },
  page: Page,
  url: string,
): Promise<Stripe.ApiList<T>> {
  const where = ['type = $1']
  const params: unknown[] = [type]
  const add = (sql: (slot: string) => string, value: unknown) => {
    params.push(value)
    where.push(sql(`$${params.length}`))
  }
  if (filters.customer !== undefined) add((slot) => `customer = ${slot}`, filters.customer)
  if (filters.subscription !== undefined) add((slot) => `subscription = ${slot}`, filters.subscription)
  if (filters.testClock !== undefined) add((slot) => `test_clock = ${slot}`, filters.testClock)
  for (const [key, value] of Object.entries(filters.json ?? {})) {
    if (!/^[a-z_]+$/.test(key)) throw new Error(`bad filter ${key}`)
    if (Array.isArray(value)) add((slot) => `data->>'${key}' = any(${slot})`, value)
    else add((slot) => `data->>'${key}' = ${slot}`, value)
  }
  let order = 'desc'
  if (page.startingAfter) {
    const [cursor] = await q.query<{ seq: string }>('select seq from sandbox_objects where id = $1 and type = $2', [page.startingAfter, type])
    if (!cursor) throw errors.missing(nouns[type] ?? type, page.startingAfter, 'starting_after')
    add((slot) => `seq < ${slot}`, cursor.seq)
  } else if (page.endingBefore) {
    const [cursor] = await q.query<{ seq: string }>('select seq from sandbox_objects where id = $1 and type = $2', [page.endingBefore, type])
    if (!cursor) throw errors.missing(nouns[type] ?? type, page.endingBefore, 'ending_before')
    add((slot) => `seq > ${slot}`, cursor.seq)
    order = 'asc'
  }
  params.push(page.limit + 1)
  const rows = await q.query<RawRow>(`select data, private, seq from sandbox_objects where ${where.join(' and ')} order by seq ${order} limit $${params.length}`, params)
  const data = rows.slice(0, page.limit).map((row) => parse<T>(row.data))
  if (order === 'asc') data.reverse()
  return { object: 'list', data, has_more: rows.length > page.limit, url }
}

/** Who caused an event: the API request (with its idempotency key), or nobody (a test clock, the hosted pages). */
export interface RequestInfo {
  id: string | null
  idempotencyKey: string | null
}

export type SandboxEvent =
  | Stripe.CheckoutSessionCompletedEvent
  | Stripe.CheckoutSessionExpiredEvent
  | Stripe.CustomerCreatedEvent
  | Stripe.CustomerUpdatedEvent
  | Stripe.CustomerSubscriptionCreatedEvent
  | Stripe.CustomerSubscriptionUpdatedEvent
  | Stripe.CustomerSubscriptionDeletedEvent
  | Stripe.InvoicePaidEvent
  | Stripe.InvoiceFinalizedEvent
  | Stripe.InvoiceOverdueEvent
  | Stripe.CustomerSubscriptionTrialWillEndEvent
  | Stripe.QuoteCreatedEvent
  | Stripe.QuoteFinalizedEvent
  | Stripe.QuoteAcceptedEvent
  | Stripe.QuoteCanceledEvent
  | Stripe.InvoicePaymentFailedEvent
  | Stripe.SetupIntentSucceededEvent
  | Stripe.PaymentMethodAttachedEvent

type EventObject<K extends SandboxEvent['type']> = Extract<SandboxEvent, { type: K }>['data']['object']

/** Top-level fields whose value changed: Stripe's previous_attributes. */
export function changes<T extends object>(before: T, after: T): Partial<T> {
  const previous: Partial<T> = {}
  for (const key of Object.keys(before) as (keyof T)[]) if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) previous[key] = before[key]
  return previous
}

/** The channel on which a queued webhook delivery wakes the senders of every process (PostgreSQL's NOTIFY). */
export const webhookQueuedChannel = 'sandbox_webhook_queued'

/** Records an event in the same transaction as the change, and queues its webhook delivery (the senders are told on commit). */
export async function recordEvent<K extends SandboxEvent['type']>(q: Queryable, request: RequestInfo, type: K, object: EventObject<K>, previous?: Partial<EventObject<K>>): Promise<SandboxEvent> {
  const event = {
    id: newId('evt'),
    object: 'event',
    api_version: apiVersion,
    created: Math.floor(Date.now() / 1000),
    data: { object: structuredClone(object), ...(previous ? { previous_attributes: structuredClone(previous) } : {}) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: request.id, idempotency_key: request.idempotencyKey },
    type,
  } as SandboxEvent
  const [row] = await q.query<{ seq: string }>('insert into sandbox_events (id, type, data) values ($1, $2, $3) returning seq', [event.id, type, JSON.stringify(event)])
  await q.query('insert into sandbox_webhook_deliveries (event_id, seq) values ($1, $2)', [event.id, row!.seq])
  await q.query('select pg_notify($1, $2)', [webhookQueuedChannel, ''])
  return event
}

export async function loadEvent(q: Queryable, id: string): Promise<SandboxEvent | undefined> {
  const [row] = await q.query<{ data: unknown }>('select data from sandbox_events where id = $1', [id])
  return row ? parse<SandboxEvent>(row.data) : undefined
}

export async function listEvents(q: Queryable, filters: { type?: string }, page: Page): Promise<Stripe.ApiList<SandboxEvent>> {
  const where: string[] = ['true']
  const params: unknown[] = []
  if (filters.type) {
    params.push(filters.type.replace(/\*/g, '%'))
    where.push(`type like $${params.length}`)
  }
  if (page.startingAfter) {
    const [cursor] = await q.query<{ seq: string }>('select seq from sandbox_events where id = $1', [page.startingAfter])
    if (!cursor) throw errors.missing('event', page.startingAfter, 'starting_after')
    params.push(cursor.seq)
    where.push(`seq < $${params.length}`)
  }
  params.push(page.limit + 1)
  const rows = await q.query<{ data: unknown }>(`select data from sandbox_events where ${where.join(' and ')} order by seq desc limit $${params.length}`, params)
  return { object: 'list', data: rows.slice(0, page.limit).map((row) => parse<SandboxEvent>(row.data)), has_more: rows.length > page.limit, url: '/v1/events' }
}
