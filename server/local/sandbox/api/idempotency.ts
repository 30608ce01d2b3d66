import { createHash } from 'node:crypto'
import type { Context } from 'hono'
import type { Database } from '@/server/db/database'
import { errorResponse, StripeApiError, type Params } from '../protocol'

export interface IdempotentRequest {
  kind: string
  apiKey: string
  idempotencyKey: string
  method: string
  path: string
  params: Params
}

const hash = (text: string) => createHash('sha256').update(text).digest('hex')

/**
 * A POST with an Idempotency-Key, as Stripe answers it: the first answer is kept and replayed; the
 * same key with other parameters is refused, and while the first request runs a second gets a 409.
 */
export async function idempotent(
  c: Context,
  db: Database,
  { kind, apiKey, idempotencyKey, method, path, params }: IdempotentRequest,
  handle: () => Promise<{ status: number; body: unknown }>,
): Promise<Response> {
  const stored = `${kind}:${hash(apiKey)}:${idempotencyKey}`
  const fingerprint = JSON.stringify(params)
  // Stripe keeps idempotency keys for 24 hours.
  await db.query("delete from sandbox_idempotency_keys where created_at < now() - interval '24 hours'")
  const inserted = await db.query('insert into sandbox_idempotency_keys (key, method, path, params) values ($1, $2, $3, $4) on conflict (key) do nothing returning key', [
    stored,
    method,
    path,
    fingerprint,
  ])
  if (inserted.length === 0) {
    const [previous] = await db.query<{ path: string; params: string; status: number | null; response: string | null }>(
      'select path, params, status, response from sandbox_idempotency_keys where key = $1',
      [stored],
    )
    if (!previous || previous.path !== path || previous.params !== fingerprint) {
      return errorResponse(
        c,
        new StripeApiError(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
        }),
      )
    }
    if (previous.status === null || previous.response === null) {
      // The first request is still running: the SDK retries a 409 (after a back-off) and then gets the replay.
      c.header('Stripe-Should-Retry', 'true')
      return errorResponse(
        c,
        new StripeApiError(409, {
          type: 'idempotency_error',
          message:
            'There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ' +
            idempotencyKey +
            '. Please try again later.',
        }),
      )
    }
    c.header('Idempotent-Replayed', 'true')
    c.header('Idempotency-Key', idempotencyKey)
    return c.body(previous.response, previous.status as 200, { 'Content-Type': 'application/json' })
  }
  const { status, body } = await handle()
  const text = JSON.stringify(body)
  if (status >= 500) await db.query('delete from sandbox_idempotency_keys where key = $1', [stored])
  else await db.query('update sandbox_idempotency_keys set status = $2, response = $3 where key = $1', [stored, status, text])
  c.header('Idempotency-Key', idempotencyKey)
  return c.body(text, status as 200, { 'Content-Type': 'application/json' })
}
