import { apiRoutes } from '@/common/api-paths'
import { roleChangeRequestSchema, transferRequestSchema } from '@/common/organisation-contract'
import type { Database } from '../db/database'
import { followBillingContact } from '../payments/billing-contact'
import type { StripeGateway } from '../payments/gateway'
import { changeRole, organisationOf, removeMember } from '../organisations/members'
import type { Standings } from '../organisations/standing'
import { acceptTransfer, endTransfer, offerTransfer } from '../organisations/transfer'
import { caller, person, resource, standing, stripeFor, type Env } from './context'
import type { Context } from 'hono'
import { jsonBody, noBody } from './json-body'
import { allow } from './permissions'

/** Who acts: the organisation the route acts on and the person (their role is read again under the members' lock). */
const by = (c: Context<Env>) => ({ organisation: caller(c).oid, oid: person(c).oid })

/**
 * /api/organisation: the caller's organisation, its members and roles, and ownership transfers. A
 * change of owners puts the new billing contact's email on the Stripe customer (billing-contact.ts).
 */
export function organisationRoutes(db: Database, standings: Standings, gateway: StripeGateway) {
  const followContact = (c: Context<Env>) => followBillingContact(db, stripeFor(c, gateway), caller(c).oid)
  return resource()
    .get(apiRoutes.organisation.route, allow('person'), async (c) => c.json(await organisationOf(db, standing(c))))
    .put(apiRoutes.changeRole.route, allow('members'), jsonBody(roleChangeRequestSchema), async (c) => {
      const member = await changeRole(db, { organisation: caller(c).oid, target: c.req.param('oid'), by: by(c) }, c.req.valid('json').role, standings.forget)
      await followContact(c)
      return c.json(member)
    })
    .delete(apiRoutes.removeMember.route, allow('organisation'), noBody, async (c) => {
      await removeMember(db, { organisation: caller(c).oid, target: c.req.param('oid'), by: by(c) }, standings.forget)
      await followContact(c)
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
      await followContact(c)
      return c.json(await organisationOf(db, await standings.of(person(c).oid)))
    })
    .post(apiRoutes.declineTransfer.route, allow('organisation'), noBody, async (c) => {
      await endTransfer(db, by(c), 'decline')
      return c.body(null, 204)
    })
}
