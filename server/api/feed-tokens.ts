import { apiRoutes } from '@/common/api-paths'
import { createFeedTokenRequestSchema, revokeFeedTokensByRequestSchema } from '@/common/contract'
import type { Database } from '../db/database'
import { newestOfCatalog, type CatalogSource } from '../feed/catalog'
import { createFeedToken, feedTokensOf, resumeFeedToken, revokeFeedToken, revokeFeedTokensBy } from '../feed/feed-tokens'
import { acting, caller, resource } from './context'
import { jsonBody, noBody } from './json-body'
import { allow } from './permissions'
import { permitted, roleCheckOf } from './permitted'

/** /api/feed-tokens: the owner's credentials for CI on the private package feed; a secret is answered once, when made; one person's revoked at once. */
export function feedTokenRoutes(db: Database, catalog: CatalogSource) {
  return (
    resource()
      .get(apiRoutes.feedTokens.route, allow('seats'), async (c) => c.json(await feedTokensOf(db, caller(c).oid, newestOfCatalog(await catalog.get()))))
      .post(apiRoutes.createFeedToken.route, allow('seats'), jsonBody(createFeedTokenRequestSchema), async (c) =>
        c.json(await createFeedToken(permitted(c, db), caller(c).oid, c.req.valid('json'), acting(c), newestOfCatalog(await catalog.get())), 201),
      )
      .delete(apiRoutes.revokeFeedToken.route, allow('seats'), noBody, async (c) => {
        await revokeFeedToken(db, caller(c).oid, c.req.param('id'), acting(c), roleCheckOf(c))
        return c.body(null, 204)
      })
      .post(apiRoutes.resumeFeedToken.route, allow('seats'), noBody, async (c) => {
        await resumeFeedToken(db, caller(c).oid, c.req.param('id'), acting(c), roleCheckOf(c))
        return c.body(null, 204)
      })
      // Whoever may revoke one token may revoke all of one person's (decision 0064).
      .post(apiRoutes.revokeFeedTokensBy.route, allow('seats'), jsonBody(revokeFeedTokensByRequestSchema), async (c) =>
        c.json({ revoked: await revokeFeedTokensBy(permitted(c, db), caller(c).oid, c.req.valid('json').oid, acting(c), roleCheckOf(c)) }),
      )
  )
}
