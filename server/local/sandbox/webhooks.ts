import { createHmac } from 'node:crypto'
import type { Database } from '@/server/db/database'
import { webhookQueuedChannel } from './store'

/**
 * Webhook delivery as Stripe does it: each recorded event POSTed in the order recorded, signed with
 * `Stripe-Signature: t=…,v1=…`, retried with exponential back-off on a non-2xx answer or a network
 * error. The queue is in the database, so pending deliveries survive a restart and several server
 * processes share it (a claimed delivery is leased with locked_until). A sender sleeps until a
 * delivery is due: a change in its process kicks it, one in another process notifies it.
 */

export interface WebhookOptions {
  db: Database
  url: string
  secret: string
  deliver?: (url: string, request: { body: string; headers: Record<string, string> }) => Promise<{ status: number }>
  retry?: { baseDelayMs: number; maxAttempts: number }
  /** How long an attempt may take before another process may try the delivery again. */
  leaseMs?: number
  /** The longest an idle sender sleeps: only for a notification lost with its connection. */
  pollMs?: number
}

export interface Webhooks {
  /** Wakes the sender (after a change recorded events). Never waits for the delivery. */
  kick(): void
  /** Resolves once every pending delivery that is due has been delivered or has failed its current attempt. */
  drain(): Promise<void>
  /** Stops sending (and listening); a drain() after it resolves once the attempt in flight, if any, has ended. */
  stop(): void
  /** How long the sender is asleep for until it looks at the queue again; null while it is awake (what tests watch). */
  sleepingMs(): number | null
}

/** The header Stripe signs a webhook with: HMAC-SHA256 of "<t>.<body>" with the endpoint's secret. */
export function signature(body: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex')}`
}

const maxDelayMs = 3_600_000

/** Deliveries as Stripe sends them, by POST through the given fetch (the default: the global one). */
export function fetchDelivery(fetchImpl: typeof fetch = fetch) {
  return async (url: string, request: { body: string; headers: Record<string, string> }) => {
    const response = await fetchImpl(url, { method: 'POST', headers: request.headers, body: request.body, signal: AbortSignal.timeout(30_000) })
    await response.arrayBuffer().catch(() => undefined)
    return { status: response.status }
  }
}

interface Due {
  event_id: string
  attempts: number
  data: unknown
}

export function createWebhooks(options: WebhookOptions): Webhooks {
  const deliver = options.deliver ?? fetchDelivery()
  const retry = options.retry ?? { baseDelayMs: 1000, maxAttempts: 8 }
  const leaseMs = options.leaseMs ?? 60_000
  const pollMs = options.pollMs ?? 60_000
  let stopped = false
  let stopListening: (() => Promise<void>) | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  let sleeping: number | null = null
  let running: Promise<void> = Promise.resolve()

  /** Claims the oldest pending delivery if it is due (strict order: a later event waits for it). */
  async function claim(): Promise<Due | undefined> {
    const [row] = await options.db.query<Due>(
      `update sandbox_webhook_deliveries d set locked_until = now() + ($1::integer * interval '1 millisecond')
       from sandbox_events e
       where d.event_id = e.id
         and d.seq = (select min(seq) from sandbox_webhook_deliveries where status = 'pending')
         and d.status = 'pending' and d.next_attempt_at <= now() and (d.locked_until is null or d.locked_until < now())
       returning d.event_id, d.attempts, e.data`,
      [leaseMs],
    )
    return row
  }

  async function attempt(due: Due): Promise<void> {
    const body = typeof due.data === 'string' ? due.data : JSON.stringify(due.data)
    const headers = { 'Content-Type': 'application/json; charset=utf-8', 'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)', 'Stripe-Signature': signature(body, options.secret) }
    let status: number | null = null
    let failure: string | null = null
    try {
      status = (await deliver(options.url, { body, headers })).status
      if (status < 200 || status > 299) failure = `HTTP ${status}`
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error)
    }
    const attempts = due.attempts + 1
    if (!failure) {
      await options.db.query("update sandbox_webhook_deliveries set status = 'delivered', attempts = $2, locked_until = null, last_status = $3, last_error = null where event_id = $1", [
        due.event_id,
        attempts,
        status,
      ])
      await options.db.query("update sandbox_events set data = jsonb_set(data, '{pending_webhooks}', '0'::jsonb) where id = $1", [due.event_id])
    } else if (attempts >= retry.maxAttempts) {
      await options.db.query("update sandbox_webhook_deliveries set status = 'failed', attempts = $2, locked_until = null, last_status = $3, last_error = $4 where event_id = $1", [
        due.event_id,
        attempts,
        status,
        failure,
      ])
    } else {
      const delay = Math.min(retry.baseDelayMs * 2 ** (attempts - 1), maxDelayMs)
      await options.db.query(
        "update sandbox_webhook_deliveries set attempts = $2, locked_until = null, last_status = $3, last_error = $4, next_attempt_at = now() + ($5::integer * interval '1 millisecond') where event_id = $1",
        [due.event_id, attempts, status, failure, delay],
      )
    }
  }

  /** Delivers what is due, one at a time, until the head of the queue is waiting (or empty). */
  async function pump(): Promise<void> {
    for (;;) {
      if (stopped) return
      const due = await claim()
      if (!due) return
      await attempt(due)
    }
  }

  async function schedule() {
    if (stopped) return
    clearTimeout(timer)
    const [next] = await options.db
      // (greatest() skips nulls, so an empty queue would read as "due now": the null is kept apart.)
      .query<{ wait: number | string | null }>(
        "select extract(epoch from (min(greatest(next_attempt_at, coalesce(locked_until, next_attempt_at))) - now())) * 1000 as wait from sandbox_webhook_deliveries where status = 'pending'",
      )
      .catch(() => [{ wait: 1000 }])
    const wait = next?.wait == null ? pollMs : Math.min(Math.max(Number(next.wait), 5), pollMs)
    if (stopped) return
    timer = setTimeout(() => void run(), wait)
    timer.unref?.()
    sleeping = wait
  }

  function run(): Promise<void> {
    sleeping = null
    running = running
      .then(pump)
      .catch((error) => {
        if (!stopped) console.error('payment sandbox: webhook delivery failed', error)
      })
      .then(schedule)
      .catch(() => undefined)
    return running
  }

  queueMicrotask(() => void run())
  // Listening runs it once as it begins, for what another process queued before.
  void options.db
    .listen(webhookQueuedChannel, () => void run())
    .then((stop) => {
      if (stopped) void stop()
      else stopListening = stop
    })

  return {
    kick() {
      if (!stopped) setTimeout(() => void run(), 0)
    },
    drain: () => run(),
    stop() {
      stopped = true
      sleeping = null
      clearTimeout(timer)
      void stopListening?.()
    },
    sleepingMs: () => sleeping,
  }
}
