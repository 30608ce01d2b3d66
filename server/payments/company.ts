import Stripe from 'stripe'
import { taxIdTypeOf, type CompanyDetails, type Invoice } from '@/common/billing-contract'
import { Refusal } from '../kernel/refusal'

/** The gateway's calls about a customer's paperwork (gateway.ts): the invoices, and the company details invoices carry. */

const shownStatuses = ['open', 'paid', 'void', 'uncollectible'] as const
const isShown = (status: Stripe.Invoice.Status | null): status is (typeof shownStatuses)[number] => (shownStatuses as readonly (string | null)[]).includes(status)

/** The words for a tax ID Stripe finds malformed: which kind was expected, with an example. */
export function taxIdRefusal(type: string) {
  const kind = taxIdTypeOf(type)
  return new Refusal('invalid', `This is not a valid ${kind?.label ?? 'tax ID'}. Check it and try again${kind ? ` (for example ${kind.example})` : ''}.`, 'taxId')
}

const empty = (value: string) => value || null

export function createCompanyCalls(stripe: Stripe) {
  return {
    /** The customer's invoices, newest first (drafts are not the customer's yet). */
    async invoices(customerId: string): Promise<Invoice[]> {
      const page = await stripe.invoices.list({ customer: customerId, limit: 50 })
      return page.data.flatMap((invoice) =>
        isShown(invoice.status) && invoice.number
          ? [
              {
                id: invoice.id!,
                number: invoice.number,
                date: new Date((invoice.status_transitions.finalized_at ?? invoice.created) * 1000).toISOString(),
                total: invoice.total,
                currency: invoice.currency,
                status: invoice.status,
                pdfUrl: invoice.invoice_pdf ?? null,
              },
            ]
          : [],
      )
    },

    /** The legal name, address and (first) tax ID on the customer; empty where none is set. */
    async companyDetails(customerId: string): Promise<CompanyDetails> {
      const [customer, taxIds] = await Promise.all([stripe.customers.retrieve(customerId), stripe.customers.listTaxIds(customerId, { limit: 10 })])
      const address = customer.deleted ? null : customer.address
      const taxId = taxIds.data.find((id) => taxIdTypeOf(id.type))
      return {
        legalName: customer.deleted ? '' : (customer.name ?? ''),
        address: {
          line1: address?.line1 ?? '',
          line2: address?.line2 ?? '',
          city: address?.city ?? '',
          postalCode: address?.postal_code ?? '',
          state: address?.state ?? '',
          country: address?.country ?? '',
        },
        taxId: taxId ? { type: taxId.type as NonNullable<CompanyDetails['taxId']>['type'], value: taxId.value } : null,
      }
    },

    /** The email on the customer, where Stripe sends its receipts and invoices: the organisation's billing contact's. */
    async setCustomerEmail(customerId: string, email: string, idempotencyKey: string): Promise<void> {
      await stripe.customers.update(customerId, { email }, { idempotencyKey })
    },

    /**
     * Saves the details on the customer, where Stripe's next invoice reads them. A new tax ID is
     * made first: Stripe checks its format, and a refusal (422 on the field, in words) changes
     * nothing. Then the name and address, then the other tax IDs go.
     */
    async saveCompanyDetails(customerId: string, details: CompanyDetails, idempotencyKey: string): Promise<CompanyDetails> {
      const existing = (await stripe.customers.listTaxIds(customerId, { limit: 10 })).data
      const wanted = details.taxId
      let kept = wanted ? existing.find((id) => id.type === wanted.type && id.value === wanted.value.replace(/\s+/g, '').toUpperCase()) : undefined
      if (wanted && !kept) {
        kept = await stripe.customers.createTaxId(customerId, { type: wanted.type, value: wanted.value }, { idempotencyKey: `${idempotencyKey}:tax-id` }).catch((error: unknown) => {
          if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'tax_id_invalid') throw taxIdRefusal(wanted.type)
          throw error
        })
      }
      const { address } = details
      await stripe.customers.update(
        customerId,
        {
          name: details.legalName,
          address: { line1: address.line1, line2: empty(address.line2) ?? '', city: address.city, postal_code: address.postalCode, state: address.state, country: address.country },
        },
        { idempotencyKey: `${idempotencyKey}:customer` },
      )
      for (const old of existing.filter((id) => id.id !== kept?.id)) await stripe.customers.deleteTaxId(customerId, old.id)
      return { ...details, taxId: kept ? { type: kept.type as NonNullable<CompanyDetails['taxId']>['type'], value: kept.value } : null }
    },
  }
}
