import type Stripe from 'stripe'
import { findPrice, type Core } from './context'
import { column, customFieldLines, longDate, money, partyLines } from './invoice-pdf'
import { pdfDocument, type PdfText } from './pdf'
import type { QuoteSecrets } from './quotes'
import { seller } from './seller'

/**
 * A finalised quote's PDF, as Stripe's quote PDF: its number, when it was issued and until when it
 * is valid, both parties, the custom fields (the purchase-order number), the line and the total.
 */
export function quotePdf(quote: Stripe.Quote, customer: Stripe.Customer, taxIds: readonly Stripe.Invoice.CustomerTaxId[], line: QuoteSecrets, core: Core): Buffer {
  const price = findPrice(core, line.priceId)
  const texts: PdfText[] = [
    { text: quote.header ?? 'Quote', x: 50, y: 780, size: 22, bold: true },
    { text: 'Quote number', x: 330, y: 780, bold: true },
    { text: quote.number ?? '', x: 440, y: 780 },
    { text: 'Date of issue', x: 330, y: 764, bold: true },
    { text: longDate(quote.status_transitions.finalized_at ?? quote.created), x: 440, y: 764 },
    { text: 'Valid until', x: 330, y: 748, bold: true },
    { text: longDate(quote.expires_at), x: 440, y: 748 },
    { text: 'From', x: 50, y: 720, bold: true },
    { text: 'Quote for', x: 330, y: 720, bold: true },
  ]
  const fromEnd = column(texts, partyLines({ ...seller, taxIds: [] }), 50, 704)
  const forEnd = column(
    texts,
    [...partyLines({ name: customer.name ?? null, address: customer.address ?? null, email: customer.email, taxIds }), ...customFieldLines(quote.invoice_settings.custom_fields)],
    330,
    704,
  )
  let y = Math.min(fromEnd, forEnd) - 20
  if (quote.description) y = column(texts, [quote.description], 50, y) - 6
  texts.push({ text: 'Description', x: 50, y, bold: true }, { text: 'Qty', x: 400, y, bold: true }, { text: 'Amount', x: 470, y, bold: true })
  y -= 16
  texts.push(
    { text: `${price.productName}, per developer (at ${money(price.unitAmount, 'usd')} / year)`, x: 50, y, size: 9 },
    { text: String(line.quantity), x: 400, y, size: 9 },
    { text: money(quote.amount_subtotal, quote.currency ?? 'usd'), x: 470, y, size: 9 },
  )
  y -= 28
  texts.push({ text: 'Total (billed yearly)', x: 330, y, bold: true }, { text: money(quote.amount_total, quote.currency ?? 'usd'), x: 470, y, bold: true })
  if (quote.collection_method === 'send_invoice')
    texts.push({ text: `Invoiced on acceptance, payable within ${quote.invoice_settings.days_until_due ?? 0} days by bank transfer.`, x: 50, y: y - 30, size: 9 })
  if (quote.footer) texts.push({ text: quote.footer, x: 50, y: y - 46, size: 9 })
  return pdfDocument(texts)
}
