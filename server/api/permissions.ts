import type { Hono, MiddlewareHandler } from 'hono'
import { Refusal } from '../kernel/refusal'
import { permissions, may, type Permission } from '../organisations/roles'
import type { Env } from './context'
import { Problem } from './problems'

const declared = new WeakMap<MiddlewareHandler, Permission>()

/**
 * The permission a route needs, declared beside its definition (`.post(apiRoutes.assign.route, allow('seats'), …)`, the path from common/api-paths.ts),
 * decided from the standing the guard resolved: without the role, 403 in words. A route that acts
 * on an organisation acts on its account from here on (`caller(c).oid` is the organisation's key);
 * `person` routes act on the signed-in person. Things of another organisation are the domain's to
 * answer 404 for: its queries are scoped by that key.
 */
export function allow(permission: Permission): MiddlewareHandler<Env> {
  const check: MiddlewareHandler<Env> = async (c, next) => {
    const rule = permissions[permission]
    c.set('permission', permission)
    if (rule !== null) {
      const { organisation, role } = c.get('standing')
      if (!organisation || !may(role, permission)) throw new Problem(403, rule.refusal)
      c.set('caller', { ...c.get('person'), oid: organisation })
    }
    await next()
    // Refused by the role read again for the change (permitted.ts, the members' lock) after the
    // role this instance kept allowed it: what it keeps is stale (a notification lost). It forgets.
    if (rule !== null && c.error instanceof Refusal && c.error.reason === 'forbidden') c.get('standings').forget()
  }
  declared.set(check, permission)
  return check
}

/** The permission a route's handler declares, if it is a permission. */
export const permissionOf = (handler: unknown) => declared.get(handler as MiddlewareHandler)

/**
 * Every route of the app with the permission it declares (undefined: none), the guard's own
 * middleware left out; routes that answer without a bearer token (`open`) are listed apart.
 */
export function declaredPermissions(app: Hono<Env>, open: readonly string[]) {
  const routes = new Map<string, Permission | undefined>()
  for (const route of app.routes) {
    if (route.method === 'ALL' || open.some((path) => route.path.startsWith(path))) continue
    const key = `${route.method} ${route.path}`
    routes.set(key, routes.get(key) ?? permissionOf(route.handler))
  }
  return routes
}
