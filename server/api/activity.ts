import { apiRoutes } from '@/common/api-paths'
import { activityQuerySchema } from '@/common/contract'
import type { Queryable } from '../db/database'
import { activityPage } from '../kernel/activity/activity-page'
import { caller, parsed, resource } from './context'
import { allow } from './permissions'

/** GET /api/account/activity: the owner's license activity, a page at a time. */
export function activityRoutes(db: Queryable) {
  return resource().get(apiRoutes.activity.route, allow('seats'), async (c) => c.json(await activityPage(db, caller(c).oid, parsed(activityQuerySchema, c.req.query(), 'bad-request'))))
}
