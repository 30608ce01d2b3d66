import { apiRoutes } from '@/common/api-paths'
import { inviteRequestSchema, invitationSecretRequestSchema } from '@/common/organisation-contract'
import type { Database } from '../db/database'
import { acceptInvitation, offerOf } from '../organisations/invitation-acceptance'
import { invitationsOf, invite, resendInvitation, revokeInvitation } from '../organisations/invitations'
import type { Standings } from '../organisations/standing'
import { caller, person, resource, type Env } from './context'
import type { Context } from 'hono'
import { jsonBody, noBody } from './json-body'
import { allow } from './permissions'

/** The owner who acts (their role is read again under the members' lock). */
const inviter = (c: Context<Env>) => ({ organisation: caller(c).oid, oid: person(c).oid, email: person(c).email })

/** /api/organisation/invitations: an owner's invitations to the organisation. */
export function organisationInvitationRoutes(db: Database, standings: Standings) {
  return resource()
    .get(apiRoutes.invitations.route, allow('members'), async (c) => c.json(await invitationsOf(db, caller(c).oid)))
    .post(apiRoutes.invite.route, allow('members'), jsonBody(inviteRequestSchema), async (c) => c.json(await invite(db, inviter(c), c.req.valid('json'), standings.forget), 201))
    .post(apiRoutes.resendInvitation.route, allow('members'), noBody, async (c) => c.json(await resendInvitation(db, inviter(c), c.req.param('id'))))
    .delete(apiRoutes.revokeInvitation.route, allow('members'), noBody, async (c) => {
      await revokeInvitation(db, inviter(c), c.req.param('id'))
      return c.body(null, 204)
    })
}

/** /api/invitations: what a link invites the signed-in person to, and accepting it; the secret comes in the body. */
export function invitationRoutes(db: Database, standings: Standings) {
  const withSecret = jsonBody(invitationSecretRequestSchema)
  return resource()
    .post(apiRoutes.invitationOffer.route, allow('person'), withSecret, async (c) => c.json(await offerOf(db, person(c), c.req.valid('json').secret)))
    .post(apiRoutes.acceptInvitation.route, allow('person'), withSecret, async (c) => {
      await acceptInvitation(db, person(c), c.req.valid('json').secret, standings.forget)
      return c.json({ accepted: true as const })
    })
}
