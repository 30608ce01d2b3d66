import { date, escape, field, money, page, type CheckoutView } from './pages'

/** The hosted customer portal's page: what its configuration offers, and nothing else. */

export interface PortalSubscriptionView {
  planName: string
  quantity: number
  status: string
  /** 'Renews on', 'Cancels on' or 'Ended on', and the date. */
  dateLabel: string
  date: string
  /** The form actions of its buttons; none for an ended subscription, or when the configuration offers no cancellation. */
  cancelAction: string | null
  renewAction: string | null
}

type Address = { line1: string | null; line2: string | null; city: string | null; postal_code: string | null; state: string | null; country: string | null }

/** What a refused form keeps: the values typed and the message. */
export interface PortalForms {
  card?: { values: { number: string; expiry: string; cvc: string }; error: string }
  details?: { values: Record<string, string>; error: string }
}

export interface PortalView {
  subscriptions: PortalSubscriptionView[]
  card: { brand: string; last4: string; expMonth: number; expYear: number } | null
  /** Where a new card is sent (payment_method_update); null when the configuration offers none. */
  cardAction: string | null
  /** null when the configuration shows no invoice history. */
  invoices: { created: number; amount: number; description: string; status: string }[] | null
  /** The billing details and the fields the configuration lets the customer change (customer_update); null when none. */
  details: { action: string; allowed: string[]; name: string | null; email: string | null; phone: string | null; address: Address | null } | null
  returnUrl: string | null
  forms: PortalForms
}

const statusNames: Record<string, string> = {
  active: 'Active',
  past_due: 'Past due',
  canceled: 'Canceled',
  incomplete: 'Incomplete',
  incomplete_expired: 'Expired',
  trialing: 'Trial',
  unpaid: 'Unpaid',
  paused: 'Paused',
}

const button = (action: string, label: string, kind = '') =>
  `<form method="post" action="${escape(action)}"><div class="actions"><button${kind ? ` class="${kind}"` : ''}>${label}</button></div></form>`
const alert = (message: string | undefined) => (message ? `<p class="error" role="alert">${escape(message)}</p>` : '')

function subscriptionSection(view: PortalSubscriptionView, index: number): string {
  const id = `plan-title-${index}`
  const buttons = [view.cancelAction ? button(view.cancelAction, 'Cancel subscription', 'secondary') : '', view.renewAction ? button(view.renewAction, 'Renew subscription') : ''].join('')
  return `<section aria-labelledby="${id}"><h2 id="${id}">Subscription</h2>
<dl><dt>Plan</dt><dd>${escape(view.planName)}</dd><dt>Seats</dt><dd>${view.quantity}</dd><dt>Status</dt><dd>${escape(statusNames[view.status] ?? view.status)}</dd><dt>${escape(view.dateLabel)}</dt><dd>${escape(view.date)}</dd></dl>${buttons}</section>`
}

function cardSection(view: PortalView): string {
  const card = view.card ? `${view.card.brand.toUpperCase()} ending in ${view.card.last4}, expires ${String(view.card.expMonth).padStart(2, '0')}/${view.card.expYear}` : 'No payment method on file'
  const typed = view.forms.card
  const noError: CheckoutView['fieldError'] = undefined
  const form = view.cardAction
    ? `<form method="post" action="${escape(view.cardAction)}" novalidate>${alert(typed?.error)}
${field('new-card-number', 'New card number', 'number', typed?.values.number ?? '', noError, 'inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234"')}
<div class="row"><div>${field('new-card-expiry', 'Expiry (MM / YY)', 'expiry', typed?.values.expiry ?? '', noError, 'autocomplete="cc-exp" placeholder="MM / YY"')}</div>
<div>${field('new-card-cvc', 'CVC', 'cvc', typed?.values.cvc ?? '', noError, 'inputmode="numeric" autocomplete="cc-csc"')}</div></div>
<div class="actions"><button>Update payment method</button></div></form>`
    : ''
  return `<section aria-labelledby="card-title"><h2 id="card-title">Payment method</h2><p>${escape(card)}</p>${form}</section>`
}

const detailLabels = {
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  line1: 'Address line 1',
  line2: 'Address line 2',
  city: 'City',
  postal_code: 'Postal code',
  state: 'State or region',
  country: 'Country (two letters)',
}

function detailsSection(view: PortalView): string {
  const details = view.details
  if (!details) return ''
  const current: Record<string, string | null> = { name: details.name, email: details.email, phone: details.phone, ...(details.address ?? {}) }
  const fields = details.allowed.flatMap((allowed) =>
    allowed === 'address' ? ['line1', 'line2', 'city', 'postal_code', 'state', 'country'] : allowed in detailLabels ? [allowed] : [],
  ) as (keyof typeof detailLabels)[]
  const typed = view.forms.details
  const inputs = fields
    .map((name) => field(`billing-${name}`, detailLabels[name], name, typed?.values[name] ?? current[name] ?? '', undefined, name === 'email' ? 'type="email" autocomplete="email"' : ''))
    .join('\n')
  const shown = (Object.keys(detailLabels) as (keyof typeof detailLabels)[]).filter((name) => current[name])
  return `<section aria-labelledby="details-title"><h2 id="details-title">Billing details</h2>
${shown.length ? `<dl>${shown.map((name) => `<dt>${detailLabels[name]}</dt><dd>${escape(current[name])}</dd>`).join('')}</dl>` : '<p>No billing details yet.</p>'}
${fields.length ? `<form method="post" action="${escape(details.action)}" novalidate>${alert(typed?.error)}\n${inputs}\n<div class="actions"><button>Save billing details</button></div></form>` : ''}</section>`
}

function invoicesSection(view: PortalView): string {
  if (!view.invoices) return ''
  const rows = view.invoices
    .map((invoice) => `<tr><td>${date(invoice.created * 1000)}</td><td>${escape(invoice.description)}</td><td>${money(invoice.amount)}</td><td>${escape(invoice.status)}</td></tr>`)
    .join('')
  return `<section aria-labelledby="invoices-title"><h2 id="invoices-title">Invoices</h2>
${rows ? `<table><thead><tr><th scope="col">Date</th><th scope="col">Description</th><th scope="col">Amount</th><th scope="col">Status</th></tr></thead><tbody>${rows}</tbody></table>` : '<p>No invoices yet.</p>'}
</section>`
}

/** The hosted customer portal: each subscription (plan, seats, status, renewal or cancellation), payment method, billing details and invoices. */
export function portalPage(view: PortalView): string {
  const subscriptions =
    view.subscriptions.length > 0
      ? view.subscriptions.map(subscriptionSection).join('\n')
      : '<section aria-labelledby="plan-title"><h2 id="plan-title">Subscription</h2><p>No subscription.</p></section>'
  return page(
    'Billing portal',
    `<h1>Billing portal</h1>
<p class="note">Payment sandbox: the customer portal of your Prism subscription.</p>
${subscriptions}
${cardSection(view)}
${detailsSection(view)}
${invoicesSection(view)}
${view.returnUrl ? `<p><a class="button" href="${escape(view.returnUrl)}">Return to site</a></p>` : ''}`,
  )
}
