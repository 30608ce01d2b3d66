import * as v from 'valibot'
import { accountSchema, isoDate, priceIdSchema, renewalInvoiceSchema, required, seatsSchema, text } from './contract'
import { countryCodes } from './countries'
import type { PriceId } from './plans'

/**
 * The accounts API's billing paperwork and renewals (issue 31, our addition): the invoices, the
 * company details on the payment customer, and each subscription's next renewal.
 */

// ---- Invoices ------------------------------------------------------------------------------------

export const invoiceSchema = v.object({
  id: v.string(),
  number: v.string(),
  /** When it was issued (finalised). */
  date: isoDate,
  /** In the currency's smallest unit, tax included. */
  total: v.number(),
  currency: v.string(),
  status: v.picklist(['open', 'paid', 'void', 'uncollectible']),
  /** The invoice's PDF: Stripe's `invoice_pdf` (the sandbox's own in the local stack). */
  pdfUrl: v.nullable(v.pipe(v.string(), v.url())),
})
export type Invoice = v.InferOutput<typeof invoiceSchema>
export const invoicesSchema = v.array(invoiceSchema)

// ---- Company details -------------------------------------------------------------------------------

/** The tax IDs the form offers, with Stripe's type, a label and an example the error names. */
export const taxIdTypes = [
  { type: 'eu_vat', label: 'EU VAT number', example: 'DE123456789' },
  { type: 'gb_vat', label: 'UK VAT number', example: 'GB123456789' },
  { type: 'ch_vat', label: 'Swiss VAT number', example: 'CHE-123.456.789 MWST' },
  { type: 'no_vat', label: 'Norwegian VAT number', example: '123456789MVA' },
  { type: 'au_abn', label: 'Australian Business Number', example: '12345678912' },
  { type: 'ca_bn', label: 'Canadian Business Number', example: '123456789' },
  { type: 'us_ein', label: 'US Employer Identification Number', example: '12-3456789' },
  { type: 'in_gst', label: 'Indian GST number', example: '12ABCDE3456FGZH' },
  { type: 'jp_cn', label: 'Japanese Corporate Number', example: '1234567891234' },
] as const
export type TaxIdType = (typeof taxIdTypes)[number]['type']
export const taxIdTypeOf = (type: string) => taxIdTypes.find((candidate) => candidate.type === type)

export const companyLimits = { legalName: 200, line: 200, city: 100, postalCode: 20, state: 100, taxId: 50 } as const

export const companyDetailsSchema = v.object({
  legalName: required('Legal name', companyLimits.legalName),
  address: v.object({
    line1: required('Address', companyLimits.line),
    line2: text('Address line 2', companyLimits.line),
    city: required('City', companyLimits.city),
    postalCode: text('Postal code', companyLimits.postalCode),
    state: text('State or region', companyLimits.state),
    country: v.pipe(v.string('Country is required'), v.trim(), v.toUpperCase(), v.regex(/^[A-Z]{2}$/, 'Country must be a two-letter country code')),
  }),
  /** Null: no tax ID on the invoices. */
  taxId: v.nullable(
    v.object({
      type: v.picklist(
        taxIdTypes.map((candidate) => candidate.type),
        'Tax ID type must be one of those listed',
      ),
      value: required('Tax ID', companyLimits.taxId),
    }),
  ),
})
export type CompanyDetails = v.InferOutput<typeof companyDetailsSchema>

/** The details as the API answers them: what the payment customer holds, empty where nothing is set yet. */
export const savedCompanySchema = v.object({
  legalName: v.string(),
  address: v.object({ line1: v.string(), line2: v.string(), city: v.string(), postalCode: v.string(), state: v.string(), country: v.string() }),
  taxId: v.nullable(v.object({ type: v.picklist(taxIdTypes.map((candidate) => candidate.type)), value: v.string() })),
})

/** A refusal of one field of the company details (a tax ID the payment provider finds malformed): 422 with the field's name. */
export const fieldRefusalSchema = v.object({ message: v.string(), field: v.picklist(['taxId']) })

// ---- Orders by invoice ------------------------------------------------------------------------------

/**
 * A purchase-order number, printed on the invoice as one of its custom fields: at most the 140
 * characters Stripe takes for a custom field's value, and no control characters (a line break, a tab).
 */
export const poNumberLimit = 140
export const poNumberLabel = 'PO number'
/** C0 and C1 control characters (Unicode's Cc category). */
const controlCharacters = /\p{Cc}/u
export const poNumberSchema = v.pipe(
  v.string(`${poNumberLabel} must be text`),
  v.check((value: string) => !controlCharacters.test(value), `${poNumberLabel} must not contain control characters such as line breaks or tabs`),
  v.trim(),
  v.maxLength(poNumberLimit, `${poNumberLabel} must be at most ${poNumberLimit} characters`),
)

/** The company details an order by invoice is made out to: as saved on Invoices and company, with a country from the list. */
export const orderCompanySchema = v.object({
  ...companyDetailsSchema.entries,
  address: v.object({ ...companyDetailsSchema.entries.address.entries, country: v.picklist(countryCodes, 'Choose a country from the list') }),
})

/**
 * `POST /api/stripe/invoice-orders` (issue 49): seats of a plan paid by bank transfer against an
 * invoice due in 30 days, made out to the company, with its PO number ('' for none).
 */
export const invoiceOrderRequestSchema = v.object({
  priceId: priceIdSchema,
  quantity: seatsSchema,
  company: orderCompanySchema,
  poNumber: v.optional(poNumberSchema, ''),
})
export type InvoiceOrderRequest = v.InferOutput<typeof invoiceOrderRequestSchema>

/** Days an invoice gives the customer to pay (Stripe's days_until_due). */
export const invoiceDaysToPay = 30

/**
 * A subscription paid by invoice is invoiced for its next period this many days before the period
 * ends, and the invoice gives the usual days to pay counted from the renewal (decision 0056).
 */
export const renewalInvoicedDaysAhead = 30

/** The order's answer: the subscription awaiting payment, its invoice (number, due date, total, PDF), and the account as it now is (its license type, its billing). */
export const invoiceOrderSchema = v.object({
  subscriptionId: v.string(),
  invoice: v.object({ number: v.string(), dueDate: isoDate, total: v.number(), pdfUrl: v.nullable(v.pipe(v.string(), v.url())) }),
  account: accountSchema,
})
export type InvoiceOrder = v.InferOutput<typeof invoiceOrderSchema>

// ---- A trial without a card (issue 49, decision 0047) -----------------------------------------------

/** The plan a trial tries, how long it lasts, and its one extension. */
export const trialPriceId: PriceId = 'commercial-plus'
export const trialDays = 30
export const trialExtensionDays = 14

/** The organisation's trial, as starting or extending it answers: its end, whether its one extension is used, and the account as it now is. */
export const trialSchema = v.object({
  trialEnd: isoDate,
  extended: v.boolean(),
  account: accountSchema,
})
export type Trial = v.InferOutput<typeof trialSchema>

// ---- Quotes --------------------------------------------------------------------------------------

/** `POST /api/stripe/quotes` (issue 49): a quote for a plan and seats, made out to the company, with its PO number: an order by invoice's fields. */
export const quoteRequestSchema = invoiceOrderRequestSchema
export type QuoteRequest = InvoiceOrderRequest

/** Days a quote is valid (Stripe's default expiry). */
export const quoteValidDays = 30

/** A quote as Invoices and company lists it: Stripe's number, what it quotes, until when, and where it stands. */
export const quoteSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^qt_\w+$/)),
  number: v.string(),
  priceId: priceIdSchema,
  quantity: v.number(),
  /** Cents, before any tax. */
  total: v.number(),
  poNumber: v.string(),
  expiresAt: isoDate,
  /** Open until it expires; accepted, it became the subscription paid by invoice. */
  status: v.picklist(['open', 'accepted', 'expired']),
})
export type Quote = v.InferOutput<typeof quoteSchema>
export const quotesSchema = v.array(quoteSchema)

// ---- Renewals ------------------------------------------------------------------------------------

/** A live subscription's next renewal: its seats now, the seats it renews with, and what that will charge. */
export const renewalSchema = v.object({
  subscriptionId: v.string(),
  priceId: priceIdSchema,
  renewsOn: isoDate,
  seats: v.number(),
  assigned: v.number(),
  /** The seats of the next period: fewer than `seats` when a reduction is scheduled. */
  renewalSeats: v.number(),
  /** False: set to cancel at the period's end. */
  autoRenew: v.boolean(),
  /** The plan's price × renewalSeats, in US cents, before any tax. */
  renewalAmount: v.number(),
  /** Bought by invoice and not paid yet: when the invoice is due (issue 49). */
  paymentDueDate: v.optional(v.nullable(isoDate)),
  /** Paid by invoice: the next period's invoice, sent 30 days ahead and still open (decision 0056). */
  renewalInvoice: v.optional(v.nullable(renewalInvoiceSchema)),
})
export type Renewal = v.InferOutput<typeof renewalSchema>
export const renewalsSchema = v.array(renewalSchema)

export const renewalSeatsRequestSchema = v.object({ seats: seatsSchema })
export type RenewalSeatsRequest = v.InferOutput<typeof renewalSeatsRequestSchema>
export const autoRenewRequestSchema = v.object({ autoRenew: v.boolean('autoRenew must be true or false') })
export type AutoRenewRequest = v.InferOutput<typeof autoRenewRequestSchema>
