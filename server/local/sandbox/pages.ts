export const escape = (value: unknown) => String(value).replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' })
export const money = (cents: number) => usd.format(cents / 100)
export const date = (value: Date | string | number) => longDate.format(new Date(value))

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} – Payment sandbox</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/sandbox/assets/stand-in.css">
</head>
<body><main>${body}</main></body>
</html>`
}

export interface CheckoutView {
  action: string
  cancelAction: string
  planName: string
  quantity: number
  pricePerSeat: number
  values?: { name?: string; number?: string; expiry?: string; cvc?: string }
  fieldError?: { field: 'number' | 'expiry' | 'cvc' | 'country' | 'tax_id'; message: string }
  error?: string
  /** With automatic tax or tax ID collection: the billing address and tax ID, and the tax they bring. */
  billing?: BillingView
}

export interface BillingView {
  detailsAction: string
  countries: string[]
  collectsTaxId: boolean
  values: { country: string; line1: string; postalCode: string; city: string; businessName: string; taxId: string }
  /** The tax with these details; null until a country is given. */
  tax: { rate: number; amount: number; reason: string } | null
}

const countryName = new Intl.DisplayNames(['en'], { type: 'region' })

/** The billing address and tax ID fields, and the totals they bring. */
function billingFields(billing: BillingView, error: CheckoutView['fieldError']): string {
  const options = billing.countries.map((code) => `<option value="${code}"${code === billing.values.country ? ' selected' : ''}>${escape(countryName.of(code) ?? code)}</option>`).join('')
  const invalid = error?.field === 'country'
  return `<fieldset><legend>Billing address</legend>
<label for="billing-country">Country</label><select id="billing-country" name="country" autocomplete="country"${invalid ? ' aria-invalid="true" aria-describedby="billing-country-error"' : ''}><option value="">Choose…</option>${options}</select>${invalid ? `<p class="field-error" id="billing-country-error">${escape(error!.message)}</p>` : ''}
${field('billing-line1', 'Address', 'line1', billing.values.line1, undefined, 'autocomplete="address-line1"')}
<div class="row"><div>${field('billing-postal-code', 'Postal code', 'postal_code', billing.values.postalCode, undefined, 'autocomplete="postal-code"')}</div>
<div>${field('billing-city', 'City', 'city', billing.values.city, undefined, 'autocomplete="address-level2"')}</div></div>
${
  billing.collectsTaxId
    ? `${field('billing-business', 'Business name (optional)', 'business_name', billing.values.businessName, undefined, 'autocomplete="organization"')}
${field('billing-tax-id', 'VAT number or tax ID (optional)', 'tax_id', billing.values.taxId, error, '')}`
    : ''
}
<div class="actions"><button class="secondary" formaction="${billing.detailsAction}">Update total</button></div>
</fieldset>`
}

/** The order's totals: subtotal, the tax (or why there is none), and the total due today. */
function totals(subtotal: number, billing: BillingView | undefined): string {
  if (!billing) return `<dt>Total</dt><dd>${money(subtotal)}, billed annually</dd>`
  const { tax } = billing
  const taxLine = !tax
    ? 'Enter your address to calculate'
    : tax.reason === 'reverse_charge'
      ? `${money(0)} (reverse charge)`
      : tax.reason === 'not_collecting'
        ? money(0)
        : `${money(tax.amount)} (${tax.rate}%)`
  return `<dt>Subtotal</dt><dd>${money(subtotal)}</dd><dt>Tax</dt><dd>${taxLine}</dd><dt>Total due today</dt><dd>${money(subtotal + (tax?.amount ?? 0))}, billed annually</dd>`
}

export function field(id: string, label: string, name: string, value: string, error: CheckoutView['fieldError'], extra: string) {
  const invalid = error?.field === name
  return `<label for="${id}">${label}</label><input id="${id}" name="${name}" value="${escape(value)}" ${extra}${invalid ? ` aria-invalid="true" aria-describedby="${id}-error"` : ''}>${invalid ? `<p class="field-error" id="${id}-error">${escape(error!.message)}</p>` : ''}`
}

/** The hosted checkout: order summary, card form, Pay and Cancel. */
export function checkoutPage(view: CheckoutView): string {
  const values = view.values ?? {}
  return page(
    'Checkout',
    `<h1>Checkout</h1>
<p class="note">Payment sandbox: use Stripe's test cards (4242 4242 4242 4242 pays).</p>
${view.error ? `<p class="error" role="alert">${escape(view.error)}</p>` : ''}
<section aria-labelledby="summary-title"><h2 id="summary-title">Order summary</h2>
<dl><dt>Plan</dt><dd>${escape(view.planName)}</dd><dt>Seats</dt><dd>${view.quantity}</dd><dt>Price per seat</dt><dd>${money(view.pricePerSeat)} per year</dd>${totals(view.pricePerSeat * view.quantity, view.billing)}</dl>
</section>
<section aria-labelledby="card-title"><h2 id="card-title">Card</h2>
<form method="post" action="${view.action}" novalidate>
${view.billing ? billingFields(view.billing, view.fieldError) : ''}
${field('card-number', 'Card number', 'number', values.number ?? '', view.fieldError, 'inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234"')}
<div class="row"><div>${field('card-expiry', 'Expiry (MM / YY)', 'expiry', values.expiry ?? '', view.fieldError, 'autocomplete="cc-exp" placeholder="MM / YY"')}</div>
<div>${field('card-cvc', 'CVC', 'cvc', values.cvc ?? '', view.fieldError, 'inputmode="numeric" autocomplete="cc-csc"')}</div></div>
${field('card-name', 'Name on card', 'name', values.name ?? '', undefined, 'autocomplete="cc-name"')}
<div class="actions"><button>Pay ${money(view.pricePerSeat * view.quantity + (view.billing?.tax?.amount ?? 0))}</button></div>
</form>
<form method="post" action="${view.cancelAction}"><div class="actions"><button class="secondary">Cancel</button></div></form>
</section>`,
  )
}

export function notFoundPage(): string {
  return page('Not found', '<h1>This payment page does not exist</h1><p>It may have expired. Go back to the site and try again.</p>')
}

export function expiredPage(backUrl: string | null): string {
  return page(
    'Session expired',
    `<h1>This checkout session has expired</h1><p role="alert">Nothing was charged. Go back to the site and start again.</p>${backUrl ? `<p><a class="button" href="${escape(backUrl)}">Back to the site</a></p>` : ''}`,
  )
}
