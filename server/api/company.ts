import { companyDetailsSchema } from '../../common/billing-contract'
import type { Database } from '../db/database'
import { billingCustomerFor } from '../licensing/billing-access'
import type { StripeGateway } from '../payments/gateway'
import { changeKey } from './change-key'
import { caller, resource } from './context'
import { jsonBody } from './json-body'
import { allow } from './permissions'

/**
 * /api/stripe/invoices and /api/stripe/company: the customer's invoices with their PDFs, and the
 * company details (legal name, address, tax ID) Stripe puts on the next invoice. Who may: billing-access.ts.
 */
export function companyRoutes(db: Database, gateway: StripeGateway) {
  return resource()
    .get('/invoices', allow('billing'), async (c) => c.json(await gateway.invoices(await billingCustomerFor(db, caller(c).oid))))
    .get('/company', allow('billing'), async (c) => c.json(await gateway.companyDetails(await billingCustomerFor(db, caller(c).oid))))
    .put('/company', allow('billing'), jsonBody(companyDetailsSchema), async (c) => {
      const details = c.req.valid('json')
      const customerId = await billingCustomerFor(db, caller(c).oid)
      return c.json(await gateway.saveCompanyDetails(customerId, details, changeKey(c, 'company', customerId)))
    })
}
