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
  fieldError?: { field: 'number' | 'expiry' | 'cvc'; message: string }
  error?: string
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
<dl><dt>Plan</dt><dd>${escape(view.planName)}</dd><dt>Seats</dt><dd>${view.quantity}</dd><dt>Price per seat</dt><dd>${money(view.pricePerSeat)} per year</dd><dt>Total</dt><dd>${money(view.pricePerSeat * view.quantity)}, billed annually</dd></dl>
</section>
<section aria-labelledby="card-title"><h2 id="card-title">Card</h2>
<form method="post" action="${view.action}" novalidate>
${field('card-number', 'Card number', 'number', values.number ?? '', view.fieldError, 'inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234"')}
<div class="row"><div>${field('card-expiry', 'Expiry (MM / YY)', 'expiry', values.expiry ?? '', view.fieldError, 'autocomplete="cc-exp" placeholder="MM / YY"')}</div>
<div>${field('card-cvc', 'CVC', 'cvc', values.cvc ?? '', view.fieldError, 'inputmode="numeric" autocomplete="cc-csc"')}</div></div>
${field('card-name', 'Name on card', 'name', values.name ?? '', undefined, 'autocomplete="cc-name"')}
<div class="actions"><button>Pay ${money(view.pricePerSeat * view.quantity)}</button></div>
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
