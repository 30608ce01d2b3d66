import { readFile } from 'node:fs/promises'
import { Hono } from 'hono'
import type Stripe from 'stripe'
import type { Database } from '../../db/database'
import { standInStylesheet } from '../assets'
import { chargedPaymentMethod, nowFor } from './billing'
import { checkCard } from './cards'
import { expireIfDue, payCheckout, type CheckoutCard } from './checkout'
import { findPrice, type Core, type Ctx } from './context'
import { checkoutPage, date, expiredPage, notFoundPage, portalPage, type PortalSubscriptionView } from './pages'
import { changes, list, load, mustLoad, recordEvent, save } from './store'
import { setCancelAtPeriodEnd } from './cancellation'

/** The hosted pages under /sandbox: checkout, the customer portal, the sandbox's Stripe.js and style. */
export function createHostedApp(options: { db: Database; core: Core; afterWrite: () => void }): Hono {
  const { db, core } = options
  const app = new Hono().basePath('/sandbox')
  const run = <T>(work: (ctx: Ctx) => Promise<T>) => db.transaction((q) => work({ q, core, request: { id: null, idempotencyKey: null } }))
  const successAddress = (session: Stripe.Checkout.Session) => session.success_url!.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(session.id))

  app.get('/stripe.js', async (c) => c.body(await readFile(new URL('./assets/stripe.js', import.meta.url)), 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' }))
  app.get(`/assets/${standInStylesheet.name}`, async (c) => c.body(await standInStylesheet.read(), 200, { 'Content-Type': standInStylesheet.contentType }))

  const checkoutRow = (id: string) => load<Stripe.Checkout.Session>(db, 'checkout.session', id)
  const view = (row: { data: Stripe.Checkout.Session; private: Record<string, unknown> }) => {
    const price = findPrice(core, String(row.private.priceId))
    return {
      action: `/sandbox/checkout/${row.data.id}/pay`,
      cancelAction: `/sandbox/checkout/${row.data.id}/cancel`,
      planName: price.productName,
      quantity: Number(row.private.quantity),
      pricePerSeat: price.unitAmount,
    }
  }

  app.get('/checkout/:id', async (c) => {
    const row = await checkoutRow(c.req.param('id'))
    if (!row) return c.html(notFoundPage(), 404)
    if (row.data.status === 'complete') return c.redirect(successAddress(row.data), 303)
    if (row.data.status === 'expired' || (await run((ctx) => expireIfDueById(ctx, row.data.id)))) return c.html(expiredPage(row.data.cancel_url), 410)
    return c.html(checkoutPage(view(row)))
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
      if (!checked.ok) return c.html(checkoutPage({ ...view(row), values, fieldError: { field: checked.field, message: checked.message } }), 422)
      card = {
        number: values.number.replace(/[\s-]/g, ''),
        details: { brand: checked.brand, last4: checked.last4, expMonth: checked.expMonth, expYear: checked.expYear },
        name: values.name.trim() || null,
      }
    }
    const result = await run((ctx) => payCheckout(ctx, row.data.id, card))
    options.afterWrite()
    if (result.outcome === 'expired') return c.html(expiredPage(row.data.cancel_url), 410)
    if (result.outcome === 'declined') return c.html(checkoutPage({ ...view(row), values: { ...values, number: '' }, error: result.message }), 402)
    return c.redirect(successAddress(result.session), 303)
  })

  app.post('/checkout/:id/cancel', async (c) => {
    const row = await checkoutRow(c.req.param('id'))
    if (!row) return c.html(notFoundPage(), 404)
    return c.redirect(row.data.cancel_url ?? row.data.success_url!, 303)
  })

  app.get('/portal/:id', async (c) => {
    const portal = await load<Stripe.BillingPortal.Session>(db, 'billing_portal.session', c.req.param('id'))
    if (!portal) return c.html(notFoundPage(), 404)
    const customer = (await mustLoad<Stripe.Customer>(db, 'customer', portal.data.customer)).data
    const subscriptions = (await list<Stripe.Subscription>(db, 'subscription', { customer: customer.id }, { limit: 100 }, '')).data
    const invoices = (await list<Stripe.Invoice>(db, 'invoice', { customer: customer.id }, { limit: 100 }, '')).data
    const live = subscriptions.filter((subscription) => subscription.status !== 'canceled' && subscription.status !== 'incomplete_expired')
    const methodId = idOf(customer.invoice_settings.default_payment_method) ?? live.map((subscription) => chargedPaymentMethod(subscription, customer)).find(Boolean) ?? null
    const method = methodId ? (await load<Stripe.PaymentMethod>(db, 'payment_method', methodId))?.data : undefined
    const base = `/sandbox/portal/${portal.data.id}/subscriptions`
    const views: PortalSubscriptionView[] = subscriptions.map((subscription) => {
      const item = subscription.items.data[0]!
      const ended = subscription.status === 'canceled' || subscription.status === 'incomplete_expired'
      return {
        planName: findPrice(core, item.price.id).productName,
        quantity: item.quantity ?? 1,
        status: subscription.status,
        dateLabel: ended ? 'Ended on' : subscription.cancel_at_period_end ? 'Cancels on' : 'Renews on',
        date: date((ended ? (subscription.ended_at ?? item.current_period_end) : item.current_period_end) * 1000),
        cancelAction: ended || subscription.cancel_at_period_end ? null : `${base}/${subscription.id}/cancel`,
        renewAction: !ended && subscription.cancel_at_period_end ? `${base}/${subscription.id}/renew` : null,
      }
    })
    return c.html(
      portalPage({
        subscriptions: [...views.filter((view) => view.dateLabel !== 'Ended on'), ...views.filter((view) => view.dateLabel === 'Ended on')],
        card: method?.card ? { brand: method.card.brand, last4: method.card.last4, expMonth: method.card.exp_month, expYear: method.card.exp_year } : null,
        invoices: invoices.map((invoice) => ({ created: invoice.created, amount: invoice.amount_due, description: invoiceDescription(invoice), status: invoice.status ?? 'draft' })),
        returnUrl: portal.data.return_url,
      }),
    )
  })

  // Cancel (at the period's end) and Renew (resume), as Stripe's portal does.
  for (const action of ['cancel', 'renew'] as const) {
    app.post(`/portal/:id/subscriptions/:subscription/${action}`, async (c) => {
      const portalId = c.req.param('id')
      const portal = await load<Stripe.BillingPortal.Session>(db, 'billing_portal.session', portalId)
      if (!portal) return c.html(notFoundPage(), 404)
      const done = await run(async (ctx) => {
        const row = await load<Stripe.Subscription>(ctx.q, 'subscription', c.req.param('subscription'), { lock: true })
        if (!row || row.data.customer !== portal.data.customer) return false
        const subscription = row.data
        if (subscription.status === 'canceled' || subscription.cancel_at_period_end === (action === 'cancel')) return true
        const before = structuredClone(subscription)
        const customer = (await mustLoad<Stripe.Customer>(ctx.q, 'customer', portal.data.customer)).data
        setCancelAtPeriodEnd(subscription, action === 'cancel', await nowFor(ctx.q, customer))
        await save(ctx.q, subscription)
        await recordEvent(ctx.q, ctx.request, 'customer.subscription.updated', subscription, changes(before, subscription))
        return true
      })
      options.afterWrite()
      if (!done) return c.html(notFoundPage(), 404)
      return c.redirect(`/sandbox/portal/${portalId}`, 303)
    })
  }

  app.notFound((c) => c.html(notFoundPage(), 404))
  return app
}

const idOf = (value: string | { id: string } | null) => (value == null ? null : typeof value === 'string' ? value : value.id)

function invoiceDescription(invoice: Stripe.Invoice): string {
  const reason =
    invoice.billing_reason === 'subscription_create'
      ? 'purchase'
      : invoice.billing_reason === 'subscription_cycle'
        ? 'renewal'
        : invoice.billing_reason === 'subscription_update'
          ? 'change'
          : 'invoice'
  const line = invoice.lines.data.find((candidate) => !candidate.parent?.subscription_item_details?.proration) ?? invoice.lines.data.at(-1)
  return line ? `${line.description} (${reason})` : reason
}

async function expireIfDueById(ctx: Ctx, id: string): Promise<boolean> {
  const session = (await mustLoad<Stripe.Checkout.Session>(ctx.q, 'checkout.session', id, { lock: true })).data
  return expireIfDue(ctx, session, (await mustLoad<Stripe.Customer>(ctx.q, 'customer', String(session.customer))).data)
}
