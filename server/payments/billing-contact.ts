import { randomUUID } from 'node:crypto'
import type { Queryable } from '../db/database'
import { billingContactSql } from '../kernel/organisation-contacts'
import { log } from '../log'
import type { StripeGateway } from './gateway'

/**
 * Puts the organisation's billing contact's email (its earliest owner's) on its Stripe customer,
 * after a change of its owners: Stripe's receipts and invoices follow the organisation, not its
 * founder (decision 0041). Nothing to do before its first purchase. The change of owners has
 * happened whatever Stripe says: a failure is logged, and the next change of owners tries again.
 * A key of its own each time: setting an email back to an earlier one must not replay that answer.
 */
export async function followBillingContact(db: Queryable, gateway: StripeGateway, organisation: string): Promise<void> {
  const [row] = await db.query<{ customer: string | null; email: string | null }>(
    `select o.stripe_customer_id as customer, (select c.email from (${billingContactSql('$1')}) c) as email from accounts o where o.oid = $1`,
    [organisation],
  )
  if (!row?.customer || !row.email) return
  await gateway.setCustomerEmail(row.customer, row.email, `billing-contact:${organisation}:${randomUUID()}`).catch((error: unknown) => {
    log.warn({ organisation, err: { message: error instanceof Error ? error.message : String(error) } }, 'billing contact not put on the Stripe customer')
  })
}
