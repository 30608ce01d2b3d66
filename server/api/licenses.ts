import { apiRoutes } from '@/common/api-paths'
import { licenseFileName } from '@/common/license-file'
import { assignRequestSchema, unassignRequestSchema } from '@/common/contract'
import type { Database } from '../db/database'
import { newestOfCatalog, type CatalogSource } from '../feed/catalog'
import { assignedSeatsCsv } from '../licensing/assigned-csv'
import { regenerateKey } from '../licensing/key-rotation'
import { assignedSeats, licensesOf } from '../licensing/license-store'
import { licenseClaimsOf, signLicense } from '../licensing/license-file'
import type { LicenseKeyring } from '../licensing/license-signing-keys'
import { assignSeat, unassignSeat } from '../licensing/seat-assignment'
import { resendSeatMail } from '../licensing/seat-mail'
import { may } from '../organisations/roles'
import { acting, caller, parsed, person, resource, standing } from './context'
import { jsonBody, noBody } from './json-body'
import { allow } from './permissions'
import { permitted, roleCheckOf } from './permitted'

/** /api/licenses: the licenses the caller holds (with what each covers in the package feed), the seats they assigned (as JSON or CSV), a seat's key and its license file. */
export function licenseRoutes(db: Database, catalog: CatalogSource, licenses: { keyring: LicenseKeyring; issuer: string }) {
  return (
    resource()
      .get(apiRoutes.licenses.route, allow('person'), async (c) => {
        const { organisation, role } = standing(c)
        return c.json(await licensesOf(db, person(c), { oid: organisation, mayBill: may(role, 'billing') }, newestOfCatalog(await catalog.get())))
      })
      .get(apiRoutes.assignedLicenses.route, allow('seats'), async (c) => c.json(await assignedSeats(db, caller(c).oid)))
      // The same seats for a spreadsheet: a download, never kept by a cache (names and emails).
      .get(apiRoutes.assignedCsv.route, allow('seats'), async (c) =>
        c.body(await assignedSeatsCsv(db, caller(c).oid), 200, {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="assigned-licenses.csv"',
          'Cache-Control': 'no-store',
        }),
      )
      .post(apiRoutes.assign.route, allow('seats'), jsonBody(assignRequestSchema), async (c) => c.json(await assignSeat(db, caller(c).oid, c.req.valid('json'), acting(c), roleCheckOf(c))))
      .post(apiRoutes.unassign.route, allow('seats'), jsonBody(unassignRequestSchema), async (c) => {
        const { licenseId } = c.req.valid('json')
        await unassignSeat(db, caller(c).oid, licenseId, acting(c), roleCheckOf(c))
        return c.json({ licenseId })
      })
      // A pending seat's mail again; 'mail' says whether it was queued, put off to tomorrow or dropped (the caps).
      .post(apiRoutes.resendSeatMail.route, allow('seats'), noBody, async (c) => {
        const licenseId = parsed(unassignRequestSchema.entries.licenseId, c.req.param('licenseId'))
        return c.json(await resendSeatMail(permitted(c, db), caller(c).oid, licenseId))
      })
      .post(apiRoutes.regenerateKey.route, allow('person'), noBody, async (c) => {
        const licenseId = parsed(unassignRequestSchema.entries.licenseId, c.req.param('licenseId'))
        return c.json(await regenerateKey(db, person(c), (tx) => c.get('standings').confirm(tx, person(c).oid), licenseId))
      })
      // The seat's license file, for its holder, owners and seat managers (the domain answers 404 to anyone else).
      .get(apiRoutes.licenseFile.route, allow('person'), async (c) => {
        const licenseId = parsed(unassignRequestSchema.entries.licenseId, c.req.param('licenseId'))
        const now = new Date()
        const claims = await licenseClaimsOf(db, person(c), standing(c), licenseId, licenses.issuer, now, licenses.keyring.fileLifetimeMs)
        return c.body(signLicense(licenses.keyring, claims, now), 200, { 'Content-Type': 'application/jwt', 'Content-Disposition': `attachment; filename="${licenseFileName}"` })
      })
  )
}
