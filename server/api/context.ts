import { createHash } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { Hono, type Context } from 'hono'
import * as v from 'valibot'
import { Refusal } from '../kernel/refusal'
import type { Permission } from '../organisations/roles'
import type { Standing, Standings } from '../organisations/standing'
import type { StripeGateway } from '../payments/gateway'
import { describeIssues } from './json-body'
import type { Caller } from './token-verifier'

/**
 * What the guard and the route's permission put on a request (server/api/permissions.ts):
 * `person` is the signed-in person; `standing` their organisation and role (as this instance keeps
 * it; `standings` reads it again for a change, server/api/permitted.ts); `caller` the account the
 * call acts on; `permission` what the route needs. The Node request behind a Hono request, when a
 * Node server serves it (not in `app.request()` tests).
 */
export type Env = {
  Variables: { caller: Caller; person: Caller; standing: Standing; standings: Standings; permission: Permission }
  Bindings: { incoming?: IncomingMessage }
}

/** A resource's sub-app: Hono's non-strict routing, so `/account` and `/account/` are one route. */
export const resource = () => new Hono<Env>({ strict: false })

/**
 * The account the call acts on: for a route that needs an organisation's permission (billing,
 * seats, members), the organisation's account (`oid` its key) with the person's token otherwise;
 * for the person's own calls, the signed-in person.
 */
export const caller = (c: Context<Env>) => c.get('caller')

/** The signed-in person, whatever the route acts on. */
export const person = (c: Context<Env>) => c.get('person')

/** The signed-in person's organisation and role. */
export const standing = (c: Context<Env>) => c.get('standing')

/** A query or path value checked with the contract's schema: refused with the given reason in words. */
export function parsed<TSchema extends v.GenericSchema>(schema: TSchema, value: unknown, reason: Refusal['reason'] = 'invalid'): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, value)
  if (!result.success) throw new Refusal(reason, describeIssues(result.issues))
  return result.output
}

/**
 * The key of a write to Stripe, derived from the request that caused it: the client's
 * Idempotency-Key when it sends one, else the request's own content, so a retried request
 * repeats the first one's answer instead of making a second object or charge.
 */
export function idempotencyKey(c: Context<Env>, operation: string, content: unknown, part?: string) {
  const sent = c.req.header('idempotency-key')
  const request = sent && /^[\w-]{8,128}$/.test(sent) ? sent : createHash('sha256').update(JSON.stringify(content)).digest('base64url')
  // A request that writes several objects (an upgrade of each subscription) needs a key for each.
  return `${operation}:${caller(c).oid}:${request}${part ? `:${part}` : ''}`
}

/**
 * Stripe for this request: its calls take one of the API's slots at a time for the signed-in
 * person, and stop waiting when the request ends (decision 0051).
 */
export const stripeFor = (c: Context<Env>, gateway: StripeGateway) => gateway.as({ lane: 'api', person: person(c).oid, signal: c.req.raw.signal })

/** The signed-in person as the activity names them when they change something of their organisation, with their role. */
export const acting = (c: Context<Env>) => ({ oid: person(c).oid, email: person(c).email, role: standing(c).role })
