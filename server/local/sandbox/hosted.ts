import { readFile } from 'node:fs/promises'
import { Hono } from 'hono'
import type Stripe from 'stripe'
import type { Database } from '@/server/db/database'
import { standInStylesheet } from '../assets'
import { checkCard } from './cards'
import { collectsBilling, expireIfDue, payCheckout, type CheckoutCard } from './checkout'
import { billingCountries, billingFormOf, checkBilling, quote, type BillingForm } from './checkout-tax'
import { findPrice, type Core, type Ctx } from './context'
import { checkoutPage, expiredPage, notFoundPage } from './pages'
import { portalRoutes } from './hosted-portal'
import { invoicePdf } from './invoice-pdf'
import { transferLinesOf } from './funding'
import { load, mustLoad } from './store'

/** The hosted pages under /sandbox: checkout, the customer portal (hosted-portal.ts), the sandbox's Stripe.js and style. */
export function createHostedApp(options: { db: Database; core: Core; afterWrite: () => void }): Hono {
  const { db, core } = options
  const app = new Hono().basePath('/sandbox')
  const run = <T>(work: (ctx: Ctx) => Promise<T>) => db.transaction((q) => work({ q, core, request: { id: null, idempotencyKey: null } }))
  const successAddress = (session: Stripe.Checkout.Session) => session.success_url!.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(session.id))

  app.get('/stripe.js', async (c) => c.body(await readFile(new URL('./assets/stripe.js', import.meta.url)), 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' }))
  app.get(`/assets/${standInStylesheet.name}`, async (c) => c.body(await standInStylesheet.read(), 200, { 'Content-Type': standInStylesheet.contentType }))

  const checkoutRow = (id: string) => load<Stripe.Checkout.Session>(db, 'checkout.session', id)
  const view = (row: { data: Stripe.Checkout.Session; private: Record<string, unknown> }, billing: BillingForm = billingFormOf({})) => {
    const price = findPrice(core, String(row.private.priceId))
    return {
      action: `/sandbox/checkout/${row.data.id}/pay`,
      cancelAction: `/sandbox/checkout/${row.data.id}/cancel`,
      planName: price.productName,
      quantity: Number(row.private.quantity),
      pricePerSeat: price.unitAmount,
      billing: collectsBilling(row.data) ? billingView(row.data, billing) : undefined,
    }
  }

  app.get('/checkout/:id', async (c) => {
    const row = await checkoutRow(c.req.param('id'))
    if (!row) return c.html(notFoundPage(), 404)
    if (row.data.status === 'complete') return c.redirect(successAddress(row.data), 303)
    if (row.data.status === 'expired' || (await run((ctx) => expireIfDueById(ctx, row.data.id)))) return c.html(expiredPage(row.data.cancel_url), 410)
    return c.html(checkoutPage(view(row)))
  })

  // 'Update total': the tax the typed address and tax ID bring, shown before paying; nothing is saved.
  app.post('/checkout/:id/details', async (c) => {
    const row = await checkoutRow(c.req.param('id'))
    if (!row) return c.html(notFoundPage(), 404)
    if (row.data.status === 'complete') return c.redirect(successAddress(row.data), 303)
    const form = await c.req.parseBody()
    const billing = billingFormOf(form)
    const checked = checkBilling(billing)
    const values = { number: String(form.number ?? ''), expiry: String(form.expiry ?? ''), cvc: String(form.cvc ?? ''), name: String(form.name ?? '') }
    return c.html(checkoutPage({ ...view(row, billing), values, ...(checked.ok ? {} : { fieldError: { field: checked.field, message: checked.message } }) }), checked.ok ? 200 : 422)
  })

  app.post('/checkout/:id/pay', async (c) => {
    const row = await checkoutRow(c.req.param('id'))
    if (!row) return c.html(notFoundPage(), 404)
    if (row.data.status === 'complete') return c.redirect(successAddress(row.data), 303)
    const form = await c.req.parseBody()
    const values = { number: String(form.number ?? ''), expiry: String(form.expiry ?? ''), cvc: String(form.cvc ?? ''), name: String(form.name ?? '') }
    const free = (row.data.amount_total ?? 0) === 0
    let card: CheckoutCard | null = null
    // A free order needs no card (payment_method_collection 'if_required'), but a typed one is checked.
    if (!free || values.number || values.expiry || values.cvc) {
      const checked = checkCard(values)
      if (!checked.ok) return c.html(checkoutPage({ ...view(row, billingFormOf(form)), values, fieldError: { field: checked.field, message: checked.message } }), 422)
      card = {
        number: values.number.replace(/[\s-]/g, ''),
        details: { brand: checked.brand, last4: checked.last4, expMonth: checked.expMonth, expYear: checked.expYear },
        name: values.name.trim() || null,
      }
    }
    const billing = billingFormOf(form)
    const result = await run((ctx) => payCheckout(ctx, row.data.id, card, billing))
    options.afterWrite()
    if (result.outcome === 'expired') return c.html(expiredPage(row.data.cancel_url), 410)
    if (result.outcome === 'invalid') return c.html(checkoutPage({ ...view(row, billing), values, fieldError: { field: result.field, message: result.message } }), 422)
    if (result.outcome === 'declined') return c.html(checkoutPage({ ...view(row, billing), values: { ...values, number: '' }, error: result.message }), 402)
    return c.redirect(successAddress(result.session), 303)
  })

  app.post('/checkout/:id/cancel', async (c) => {
    const row = await checkoutRow(c.req.param('id'))
    if (!row) return c.html(notFoundPage(), 404)
    return c.redirect(row.data.cancel_url ?? row.data.success_url!, 303)
  })

  portalRoutes(app, options)

  app.get('/invoices/:id/pdf', async (c) => {
    const row = await load<Stripe.Invoice>(db, 'invoice', c.req.param('id'))
    if (!row || row.data.status === 'draft') return c.html(notFoundPage(), 404)
    const transfer = row.data.collection_method === 'send_invoice' ? await transferLinesOf(db, String(row.data.customer)) : []
    return c.body(new Uint8Array(invoicePdf(row.data, transfer)), 200, { 'Content-Type': 'application/pdf', 'Content-Disposition': `inline; filename="Invoice-${row.data.number}.pdf"` })
  })

  app.notFound((c) => c.html(notFoundPage(), 404))
  return app
}

async function expireIfDueById(ctx: Ctx, id: string): Promise<boolean> {
  const session = (await mustLoad<Stripe.Checkout.Session>(ctx.q, 'checkout.session', id, { lock: true })).data
  return expireIfDue(ctx, session, (await mustLoad<Stripe.Customer>(ctx.q, 'customer', String(session.customer))).data)
}

/** The billing fields of a session that collects them, with the tax the typed details bring. */
function billingView(session: Stripe.Checkout.Session, billing: BillingForm) {
  const tax = session.automatic_tax.enabled ? quote(session.amount_subtotal ?? 0, billing) : null
  return {
    detailsAction: `/sandbox/checkout/${session.id}/details`,
    countries: billingCountries,
    collectsTaxId: session.tax_id_collection?.enabled === true,
    values: billing,
    tax: tax && { rate: tax.rate, amount: tax.amount, reason: tax.reason },
  }
}
