import type Stripe from 'stripe'
import type { Core } from './context'
import { pdfDocument, type PdfText } from './pdf'

/** An invoice's PDF, as Stripe's `invoice_pdf` link serves it: who bills whom (name, address, tax IDs), the lines, tax and total. */

/** Where the sandbox serves an invoice's PDF (Stripe's link needs no key either: the address is the secret). */
export const invoicePdfAddress = (core: Core, invoiceId: string) => `${core.origin}/sandbox/invoices/${invoiceId}/pdf`

/** A finalised invoice with its PDF's address (the demo seed's first invoices are stored without one). */
export const withPdf = (core: Core, invoice: Stripe.Invoice): Stripe.Invoice =>
  invoice.status === 'draft' || invoice.invoice_pdf ? invoice : { ...invoice, invoice_pdf: invoicePdfAddress(core, invoice.id!) }

export const money = (cents: number, currency: string) => `${cents < 0 ? '-' : ''}${currency === 'usd' ? '$' : `${currency.toUpperCase()} `}${(Math.abs(cents) / 100).toFixed(2)}`
export const longDate = (seconds: number) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(seconds * 1000))
const taxIdLabel = (type: string) =>
  ({ eu_vat: 'EU VAT', gb_vat: 'UK VAT', ch_vat: 'CH VAT', no_vat: 'NO VAT', au_abn: 'AU ABN', ca_bn: 'CA BN', us_ein: 'US EIN', in_gst: 'IN GST', jp_cn: 'JP CN' })[type] ?? type

/** A party's block: name, address lines, email, tax IDs. */
export function partyLines(party: { name: string | null; address: Stripe.Address | null; email: string | null; taxIds: readonly { type: string; value: string | null }[] }): string[] {
  const address = party.address
  const place = address ? [[address.postal_code, address.city].filter(Boolean).join(' '), address.state, address.country].filter(Boolean).join(', ') : ''
  return [party.name ?? '', address?.line1 ?? '', address?.line2 ?? '', place, party.email ?? '', ...party.taxIds.map((id) => `${taxIdLabel(id.type)}: ${id.value}`)].filter(Boolean)
}

/** Texts down the page from `y`, one line each; answers the next free line. */
export function column(texts: PdfText[], lines: readonly string[], x: number, y: number, options: { size?: number; step?: number } = {}): number {
  for (const text of lines) {
    texts.push({ text, x, y, ...(options.size ? { size: options.size } : {}) })
    y -= options.step ?? 14
  }
  return y
}

/** The custom fields an invoice or quote prints (a purchase-order number), as "name: value". */
export const customFieldLines = (fields: readonly { name: string; value: string }[] | null) => (fields ?? []).map((field) => `${field.name}: ${field.value}`)

/**
 * The invoice's PDF; a sent one (collection_method send_invoice) also says when it is due and how
 * to pay it by bank transfer (`transfer`: the lines of the customer's virtual account, funding.ts).
 */
export function invoicePdf(invoice: Stripe.Invoice, transfer: readonly string[] = []): Buffer {
  const texts: PdfText[] = [
    { text: 'Invoice', x: 50, y: 780, size: 22, bold: true },
    { text: invoice.account_name ?? '', x: 50, y: 752, bold: true },
    { text: 'Invoice number', x: 330, y: 780, bold: true },
    { text: invoice.number ?? 'Draft', x: 440, y: 780 },
    { text: 'Date of issue', x: 330, y: 764, bold: true },
    { text: longDate(invoice.effective_at ?? invoice.created), x: 440, y: 764 },
    { text: 'Status', x: 330, y: 748, bold: true },
    { text: invoice.status ?? '', x: 440, y: 748 },
    ...(invoice.due_date
      ? [
          { text: 'Date due', x: 330, y: 732, bold: true },
          { text: longDate(invoice.due_date), x: 440, y: 732 },
        ]
      : []),
    { text: 'Bill to', x: 50, y: 710, bold: true },
  ]
  const billed = column(texts, partyLines({ name: invoice.customer_name, address: invoice.customer_address, email: invoice.customer_email, taxIds: invoice.customer_tax_ids ?? [] }), 50, 694)
  // The custom fields (the PO number) under the invoice's dates, where a buyer's accounts payable looks.
  const fields = column(texts, customFieldLines(invoice.custom_fields), 330, invoice.due_date ? 716 : 732)
  let y = Math.min(billed, fields) - 20
  texts.push({ text: 'Description', x: 50, y, bold: true }, { text: 'Qty', x: 400, y, bold: true }, { text: 'Amount', x: 470, y, bold: true })
  for (const line of invoice.lines.data) {
    y -= 16
    texts.push({ text: line.description ?? '', x: 50, y, size: 9 }, { text: String(line.quantity ?? ''), x: 400, y, size: 9 }, { text: money(line.amount, invoice.currency), x: 470, y, size: 9 })
  }
  y -= 28
  const sums: [string, string][] = [['Subtotal', money(invoice.subtotal, invoice.currency)]]
  for (const tax of invoice.total_taxes ?? []) {
    const reverse = tax.taxability_reason === 'reverse_charge'
    sums.push([reverse ? 'Tax (reverse charge)' : 'Tax', money(tax.amount, invoice.currency)])
  }
  sums.push(['Total', money(invoice.total, invoice.currency)])
  // The customer's balance taken up (a credit for a renewal invoiced ahead: customer-balance.ts).
  if (invoice.amount_due !== Math.max(0, invoice.total)) sums.push(['Applied balance', money(invoice.amount_due - invoice.total, invoice.currency)])
  sums.push(['Amount paid', money(invoice.amount_paid, invoice.currency)], ['Amount due', money(invoice.amount_remaining, invoice.currency)])
  for (const [label, amount] of sums) {
    texts.push({ text: label, x: 330, y, bold: label === 'Total' }, { text: amount, x: 470, y, bold: label === 'Total' })
    y -= 16
  }
  if ((invoice.total_taxes ?? []).some((tax) => tax.taxability_reason === 'reverse_charge')) {
    texts.push({ text: 'Reverse charge: VAT to be accounted for by the customer (Article 196, Council Directive 2006/112/EC).', x: 50, y: y - 20, size: 9 })
  }
  if (transfer.length > 0 && invoice.status === 'open') {
    y -= 40
    texts.push({ text: `Pay ${money(invoice.amount_remaining, invoice.currency)} by bank transfer${invoice.due_date ? ` by ${longDate(invoice.due_date)}` : ''}`, x: 50, y, bold: true })
    column(texts, [...transfer, `Reference: ${invoice.number ?? ''}`], 50, y - 16, { size: 9, step: 13 })
  }
  return pdfDocument(texts)
}
