import { apiBase, type ApiRoute } from '@/common/api-paths'

/** A call as `METHOD /api/path`: a route's template (`:param`) or a concrete address. */
export type Call = string

/** What the house holds of each route: the calls the SPA's client makes, and the rows of the two matrices. */
export interface Evidence {
  /** The concrete calls of the SPA's client functions (src/api/). */
  clientCalls: readonly Call[]
  /** The calls of the permission matrix's rows, as templates (tests/server/api/permission-matrix.test.ts). */
  permissionRows: readonly Call[]
  /** The concrete calls of the fault matrix's rows (e2e/faults/calls.ts). */
  faultRows: readonly Call[]
}

/** The route's call, as the matrices name it. */
export const callOf = (route: Pick<ApiRoute, 'method' | 'path'>): Call => `${route.method} ${apiBase}${route.path}`

/** Whether a concrete call (a segment for each parameter, a trailing slash or not) is the route's. */
export function answers(route: Pick<ApiRoute, 'method' | 'path'>, call: Call): boolean {
  const pattern = callOf(route)
    .split(/(:[^/]+)/)
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('')
  return new RegExp(`^${pattern}/?$`).test(call)
}

/** Whether a template names the route, whatever its parameters are called. */
const sameTemplate = (route: Pick<ApiRoute, 'method' | 'path'>, template: Call) => {
  const shape = (call: Call) => call.replace(/:[^/]+/g, ':').replace(/\/$/, '')
  return shape(callOf(route)) === shape(template)
}

/**
 * What each route of the table still owes (docs/new-endpoint.md), one line per debt: a client
 * function, a permission-matrix row and a fault-matrix row, unless the route is open (called by
 * someone other than the SPA, with the reason in the table); and every call the client makes is a
 * route of the table.
 */
export function obligationsMissing(routes: Record<string, ApiRoute>, evidence: Evidence): string[] {
  const table = Object.values(routes)
  const missing = Object.entries(routes).flatMap(([name, route]) => {
    const debts = (what: string, owed: boolean) => (owed ? [`${name} (${callOf(route)}): ${what}`] : [])
    const called = evidence.clientCalls.some((call) => answers(route, call))
    if (route.open) return debts(`open (${route.open}), yet the SPA's client calls it`, called)
    return [
      ...debts('no client function in src/api/ calls it', !called),
      ...debts('no row in the permission matrix', !evidence.permissionRows.some((row) => sameTemplate(route, row))),
      ...debts('no row in the fault matrix (e2e/faults/)', !evidence.faultRows.some((row) => answers(route, row))),
    ]
  })
  const strays = evidence.clientCalls.filter((call) => !table.some((route) => answers(route, call)))
  return [...missing, ...strays.map((call) => `${call}: the client calls a path common/api-paths.ts does not name`)]
}
