import { apiRoutes } from '@/common/api-paths'
import { loginRequestSchema } from '@/common/contract'
import type { Queryable } from '../db/database'
import { signIn } from '../licensing/account-store'
import { Refusal } from '../kernel/refusal'
import { caller, resource } from './context'
import { allow } from './permissions'
import { jsonBody } from './json-body'

/** POST /api/auth/login: the session's first call, creating or refreshing the caller's account. */
export function authRoutes(db: Queryable) {
  return resource().post(apiRoutes.login.route, allow('person'), jsonBody(loginRequestSchema), async (c) => {
    const body = c.req.valid('json')
    const who = caller(c)
    if (body.oid !== who.oid) throw new Refusal('forbidden', 'You can only sign in as yourself.')
    return c.json(await signIn(db, { ...body, email: who.email, emailVerified: who.emailVerified }))
  })
}
