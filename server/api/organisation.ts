import { apiRoutes } from '@/common/api-paths'
import { roleChangeRequestSchema, transferRequestSchema } from '@/common/organisation-contract'
import type { Database } from '../db/database'
import { changeRole, organisationOf, removeMember } from '../organisations/members'
import type { Standings } from '../organisations/standing'
import { acceptTransfer, endTransfer, offerTransfer } from '../organisations/transfer'
import { caller, person, resource, standing, type Env } from './context'
import type { Context } from 'hono'
import { jsonBody, noBody } from './json-body'
import { allow } from './permissions'

/** Who acts: the organisation the route acts on and the person (their role is read again under the members' lock). */
const by = (c: Context<Env>) => ({ organisation: caller(c).oid, oid: person(c).oid })

/** /api/organisation: the caller's organisation, its members and roles, and ownership transfers. */
export function organisationRoutes(db: Database, standings: Standings) {
  return resource()
    .get(apiRoutes.organisation.route, allow('person'), async (c) => c.json(await organisationOf(db, standing(c))))
    .put(apiRoutes.changeRole.route, allow('members'), jsonBody(roleChangeRequestSchema), async (c) =>
      c.json(await changeRole(db, { organisation: caller(c).oid, target: c.req.param('oid'), by: by(c) }, c.req.valid('json').role, standings.forget)),
    )
    .delete(apiRoutes.removeMember.route, allow('organisation'), noBody, async (c) => {
      await removeMember(db, { organisation: caller(c).oid, target: c.req.param('oid'), by: by(c) }, standings.forget)
      return c.body(null, 204)
    })
    .post(apiRoutes.offerTransfer.route, allow('members'), jsonBody(transferRequestSchema), async (c) => {
      await offerTransfer(db, by(c), c.req.valid('json'))
      return c.json(await organisationOf(db, standing(c)))
    })
    .delete(apiRoutes.withdrawTransfer.route, allow('members'), noBody, async (c) => {
      await endTransfer(db, by(c), 'withdraw')
      return c.body(null, 204)
    })
    .post(apiRoutes.acceptTransfer.route, allow('organisation'), noBody, async (c) => {
      await acceptTransfer(db, by(c), standings.forget)
      return c.json(await organisationOf(db, await standings.of(person(c).oid)))
    })
    .post(apiRoutes.declineTransfer.route, allow('organisation'), noBody, async (c) => {
      await endTransfer(db, by(c), 'decline')
      return c.body(null, 204)
    })
}
