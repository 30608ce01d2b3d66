import type { Page } from '@playwright/test'
import { apiBase, apiCall, apiRoutes, type ApiParams, type ApiRoute, type ApiRouteName } from '@/common/api-paths'

/**
 * A row of the fault matrix (calls.ts): a call the SPA makes to the accounts API (spec section 7),
 * with how a user sends it and what they should see when it fails, is slow, or answers. The fault matrix runs each row against
 * each fault of faults.ts.
 */
export interface CallCase {
  /** The matrix row: method and path, and where the call is sent from when there are several places. */
  name: string
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** The path the call goes to. */
  path: string
  /** The demo account that can send it. */
  account: string
  /** Takes the user to where they send the call, with what they typed (the fault applies only after); nothing for a page's own load. */
  reach(page: Page): Promise<void>
  /** What the user does that sends the call (for a page's load: opening the page). */
  send(page: Page): Promise<void>
  /** How the user sends it again from what a failure left on screen; without it they start over with reach and send. */
  retry?(page: Page): Promise<void>
  /** What the user sees when the call fails with the catalogue's message: the message where they were, still usable, their input kept. */
  failed(page: Page, message: string): Promise<void>
  /** While the answer is slow: progress shows, and the page still answers the user. */
  waiting(page: Page): Promise<void>
  /** Once an answer came: it was handled. */
  done(page: Page): Promise<void>
  /** The slow answer: the server's own for a read, a made-up success for a change (200, or the status given: 204 has no body; a file of its type for a made-up download), so the demo data stays as it is. */
  slowAnswer: 'server' | { json?: (origin: string) => unknown; status?: number; file?: { contentType: string; body: string } }
  /** The answer is not read as JSON (its content not shown, or a text download saved as it comes): a malformed JSON body is a success like any other. */
  ignoresBody?: boolean
  /** The flow's own message for every failure, instead of the catalogue's (the upgrade's payment step). */
  message?: string
  /** A failure only logged, not shown (spec section 8): the line the page logs. */
  logged?: RegExp
  /** Faults (matrix columns) that are an answer for this call, shown and not logged: a 404 for a checkout that is not the user's. */
  notLoggedFor?: readonly string[]
  /**
   * Other calls answered in the browser for the whole cell, from before the user reaches the call:
   * a change the same action sends (a made-up success, 200 with no body), or a read answered with
   * made-up data (json) the demo data lacks, such as a token to revoke.
   */
  stubs?: readonly { method: string; path: string; json?: unknown }[]
}

/** A request to a route of common/api-paths.ts, by its name and its parameters' values: its method and the path it goes to. */
export function apiRequest<Name extends ApiRouteName>(route: Name, ...values: ApiParams<Name>) {
  const { method, path } = apiCall(route, ...values)
  return { method, path: `${apiBase}${path}` }
}

/** A row's call to a route (apiRequest), named in the matrix by its method and path, `{param}` for each parameter. */
export function callTo<Name extends ApiRouteName>(route: Name, ...values: ApiParams<Name>): Pick<CallCase, 'name' | 'method' | 'path'> {
  const { path, slash }: ApiRoute = apiRoutes[route]
  const request = apiRequest(route, ...values)
  return { name: `${request.method} ${apiBase}${path.replace(/:(\w+)/g, '{$1}')}${slash ? '/' : ''}`, ...request }
}

/** The row of a call the SPA sends from several places: its name says from where. */
export const sentFrom = (call: Pick<CallCase, 'name' | 'method' | 'path'>, where: string) => ({ ...call, name: `${call.name} (${where})` })
