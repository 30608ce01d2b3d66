import { apiRoutes } from '@/common/api-paths'
import { companyDetailsSchema } from '@/common/billing-contract'
import type { Database } from '../db/database'
import { billingCustomerFor } from '../licensing/billing-access'
import type { StripeGateway } from '../payments/gateway'
import { changeKey } from './change-key'
import { caller, resource, stripeFor } from './context'
import { jsonBody } from './json-body'
import { allow } from './permissions'
import { confirmPermitted } from './permitted'

/**
 * /api/stripe/invoices and /api/stripe/company: the customer's invoices with their PDFs, and the
 * company details (legal name, address, tax ID) Stripe puts on the next invoice. Who may: billing-access.ts.
 */
export function companyRoutes(db: Database, gateway: StripeGateway) {
  return resource()
    .get(apiRoutes.invoices.route, allow('billing'), async (c) => c.json(await stripeFor(c, gateway).invoices(await billingCustomerFor(db, caller(c).oid))))
    .get(apiRoutes.companyDetails.route, allow('billing'), async (c) => c.json(await stripeFor(c, gateway).companyDetails(await billingCustomerFor(db, caller(c).oid))))
    .put(apiRoutes.saveCompanyDetails.route, allow('billing'), jsonBody(companyDetailsSchema), async (c) => {
      const details = c.req.valid('json')
      await confirmPermitted(c, db)
      const customerId = await billingCustomerFor(db, caller(c).oid)
      return c.json(await stripeFor(c, gateway).saveCompanyDetails(customerId, details, changeKey(c, 'company', customerId)))
    })
}
