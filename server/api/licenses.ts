import { assignRequestSchema, unassignRequestSchema } from '../../common/contract'
import type { Database } from '../db/database'
import { regenerateKey } from '../licensing/key-rotation'
import { assignedSeats, licensesOf } from '../licensing/license-store'
import { assignSeat, unassignSeat } from '../licensing/seat-assignment'
import { caller, parsed, resource } from './context'
import { jsonBody, noBody } from './json-body'

/** /api/licenses: the licenses the caller holds, the seats they assigned, and a seat's key. */
export function licenseRoutes(db: Database) {
  return resource()
    .get('/', async (c) => c.json(await licensesOf(db, caller(c))))
    .get('/assigned', async (c) => c.json(await assignedSeats(db, caller(c).oid)))
    .post('/assign', jsonBody(assignRequestSchema), async (c) => c.json(await assignSeat(db, caller(c).oid, c.req.valid('json'))))
    .post('/unassign', jsonBody(unassignRequestSchema), async (c) => {
      const { licenseId } = c.req.valid('json')
      await unassignSeat(db, caller(c).oid, licenseId)
      return c.json({ licenseId })
    })
    .post('/:licenseId/regenerate-key', noBody, async (c) => {
      const licenseId = parsed(unassignRequestSchema.entries.licenseId, c.req.param('licenseId'))
      return c.json(await regenerateKey(db, caller(c), licenseId))
    })
}
