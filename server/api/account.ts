import { apiRoutes } from '@/common/api-paths'
import { discordConnectRequestSchema, profileFieldsSchema } from '@/common/contract'
import type { Queryable } from '../db/database'
import { connectDiscord, findAccountRow, toAccount, updateProfile } from '../licensing/account-store'
import { holdsCommercialPlus, statsOf } from '../licensing/license-store'
import { Refusal } from '../kernel/refusal'
import { caller, resource } from './context'
import { jsonBody } from './json-body'
import { allow } from './permissions'

/** /api/account: the caller's profile and seat counts. */
export function accountRoutes(db: Queryable) {
  return resource()
    .get(apiRoutes.account.route, allow('person'), async (c) => c.json(toAccount(await findAccountRow(db, caller(c).oid))))
    .put(apiRoutes.updateAccount.route, allow('person'), jsonBody(profileFieldsSchema), async (c) => c.json(await updateProfile(db, caller(c).oid, c.req.valid('json'))))
    .get(apiRoutes.stats.route, allow('organisation'), async (c) => c.json(await statsOf(db, caller(c).oid)))
}

/** /api/discord: the Discord invitation of Commercial Plus seat holders. */
export function discordRoutes(db: Queryable, discordInviteUrl: string) {
  return resource().post(apiRoutes.connectDiscord.route, allow('person'), jsonBody(discordConnectRequestSchema), async (c) => {
    const { discordName } = c.req.valid('json')
    if (!(await holdsCommercialPlus(db, caller(c)))) throw new Refusal('forbidden', 'Discord access comes with a Commercial Plus license.')
    await connectDiscord(db, caller(c).oid, discordName)
    return c.json({ inviteLink: discordInviteUrl, discordConnected: true as const })
  })
}
