import type { Hono } from 'hono'
import type Stripe from 'stripe'
import type { Database } from '@/server/db/database'
import { loadConfiguration } from './api/portal-configurations'
import { chargedPaymentMethod, nowFor } from './billing'
import { attachDecline, checkCard } from './cards'
import { setCancelAtPeriodEnd } from './cancellation'
import { findPrice, type Core, type Ctx } from './context'
import { paymentMethod as buildPaymentMethod } from './objects/customers'
import { date, notFoundPage } from './pages'
import { portalPage, type PortalForms, type PortalSubscriptionView } from './portal-page'
import { changes, insert, list, load, mustLoad, recordEvent, save } from './store'

type Portal = Stripe.BillingPortal.Session
type Features = Stripe.BillingPortal.Configuration.Features

const idOf = (value: string | { id: string } | null) => (value == null ? null : typeof value === 'string' ? value : value.id)
const ended = (subscription: Stripe.Subscription) => subscription.status === 'canceled' || subscription.status === 'incomplete_expired'
const addressFields = ['line1', 'line2', 'city', 'postal_code', 'state', 'country'] as const

/**
 * The hosted customer portal under /sandbox/portal, as its session's configuration allows, as on
 * Stripe: cancelling at the period's end and renewing (subscription_cancel), the invoices
 * (invoice_history), a new card (payment_method_update) and the billing details
 * (customer_update, the fields it allows). What the configuration leaves out is neither shown nor done.
 */
export function portalRoutes(app: Hono, options: { db: Database; core: Core; afterWrite: () => void }) {
  const { db, core } = options
  const run = <T>(work: (ctx: Ctx) => Promise<T>) => db.transaction((q) => work({ q, core, request: { id: null, idempotencyKey: null } }))
  const sessionOf = async (id: string) => {
    const portal = (await load<Portal>(db, 'billing_portal.session', id))?.data
    const configuration = portal && (await loadConfiguration({ q: db }, String(portal.configuration)))
    return portal && configuration ? { portal, features: configuration.features } : null
  }

  async function show(portal: Portal, features: Features, forms: PortalForms = {}) {
    const customer = (await mustLoad<Stripe.Customer>(db, 'customer', portal.customer)).data
    const subscriptions = (await list<Stripe.Subscription>(db, 'subscription', { customer: customer.id }, { limit: 100 }, '')).data
    const invoices = features.invoice_history.enabled ? (await list<Stripe.Invoice>(db, 'invoice', { customer: customer.id }, { limit: 100 }, '')).data : null
    const live = subscriptions.filter((subscription) => !ended(subscription))
    const methodId = idOf(customer.invoice_settings.default_payment_method) ?? live.map((subscription) => chargedPaymentMethod(subscription, customer)).find(Boolean) ?? null
    const method = methodId ? (await load<Stripe.PaymentMethod>(db, 'payment_method', methodId))?.data : undefined
    const base = `/sandbox/portal/${portal.id}`
    const cancels = features.subscription_cancel.enabled
    const views: PortalSubscriptionView[] = subscriptions.map((subscription) => {
      const item = subscription.items.data[0]!
      const over = ended(subscription)
      return {
        planName: findPrice(core, item.price.id).productName,
        quantity: item.quantity ?? 1,
        status: subscription.status,
        dateLabel: over ? 'Ended on' : subscription.cancel_at_period_end ? 'Cancels on' : 'Renews on',
        date: date((over ? (subscription.ended_at ?? item.current_period_end) : item.current_period_end) * 1000),
        cancelAction: cancels && !over && !subscription.cancel_at_period_end ? `${base}/subscriptions/${subscription.id}/cancel` : null,
        renewAction: cancels && !over && subscription.cancel_at_period_end ? `${base}/subscriptions/${subscription.id}/renew` : null,
      }
    })
    return portalPage({
      subscriptions: [...views.filter((view) => view.dateLabel !== 'Ended on'), ...views.filter((view) => view.dateLabel === 'Ended on')],
      card: method?.card ? { brand: method.card.brand, last4: method.card.last4, expMonth: method.card.exp_month, expYear: method.card.exp_year } : null,
      cardAction: features.payment_method_update.enabled ? `${base}/payment-method` : null,
      invoices: invoices?.map((invoice) => ({ created: invoice.created, amount: invoice.amount_due, description: invoiceDescription(invoice), status: invoice.status ?? 'draft' })) ?? null,
      details: features.customer_update.enabled
        ? {
            action: `${base}/billing-details`,
            allowed: features.customer_update.allowed_updates,
            name: customer.name ?? null,
            email: customer.email,
            phone: customer.phone ?? null,
            address: customer.address ?? null,
          }
        : null,
      returnUrl: portal.return_url,
      forms,
    })
  }

  app.get('/portal/:id', async (c) => {
    const found = await sessionOf(c.req.param('id'))
    return found ? c.html(await show(found.portal, found.features)) : c.html(notFoundPage(), 404)
  })

  // Cancel (at the period's end) and Renew (resume), when the configuration lets customers cancel.
  for (const action of ['cancel', 'renew'] as const) {
    app.post(`/portal/:id/subscriptions/:subscription/${action}`, async (c) => {
      const found = await sessionOf(c.req.param('id'))
      if (!found?.features.subscription_cancel.enabled) return c.html(notFoundPage(), 404)
      const done = await run(async (ctx) => {
        const row = await load<Stripe.Subscription>(ctx.q, 'subscription', c.req.param('subscription'), { lock: true })
        if (!row || row.data.customer !== found.portal.customer) return false
        const subscription = row.data
        if (subscription.status === 'canceled' || subscription.cancel_at_period_end === (action === 'cancel')) return true
        const before = structuredClone(subscription)
        const customer = (await mustLoad<Stripe.Customer>(ctx.q, 'customer', found.portal.customer)).data
        setCancelAtPeriodEnd(subscription, action === 'cancel', await nowFor(ctx.q, customer))
        await save(ctx.q, subscription)
        await recordEvent(ctx.q, ctx.request, 'customer.subscription.updated', subscription, changes(before, subscription))
        return true
      })
      options.afterWrite()
      return done ? c.redirect(`/sandbox/portal/${found.portal.id}`, 303) : c.html(notFoundPage(), 404)
    })
  }

  // A new card: checked as Stripe's form checks it, attached, and made the default of the customer and of each live subscription.
  app.post('/portal/:id/payment-method', async (c) => {
    const found = await sessionOf(c.req.param('id'))
    if (!found?.features.payment_method_update.enabled) return c.html(notFoundPage(), 404)
    const form = await c.req.parseBody()
    const values = { number: String(form.number ?? ''), expiry: String(form.expiry ?? ''), cvc: String(form.cvc ?? '') }
    const checked = checkCard(values)
    const refused = checked.ok ? attachDecline(values.number) : null
    if (!checked.ok || refused) {
      const card = { values: { ...values, number: refused ? '' : values.number }, error: checked.ok ? refused!.message : checked.message }
      return c.html(await show(found.portal, found.features, { card }), checked.ok ? 402 : 422)
    }
    await run(async (ctx) => {
      const customer = (await mustLoad<Stripe.Customer>(ctx.q, 'customer', found.portal.customer, { lock: true })).data
      const now = await nowFor(ctx.q, customer)
      const method = buildPaymentMethod({ created: now, customer: customer.id, card: { brand: checked.brand, last4: checked.last4, expMonth: checked.expMonth, expYear: checked.expYear } })
      await insert(ctx.q, method, { customer: customer.id }, { number: values.number.replace(/[\s-]/g, '') })
      await recordEvent(ctx.q, ctx.request, 'payment_method.attached', method)
      const before = structuredClone(customer)
      customer.invoice_settings.default_payment_method = method.id
      await save(ctx.q, customer)
      await recordEvent(ctx.q, ctx.request, 'customer.updated', customer, changes(before, customer))
      for (const subscription of (await list<Stripe.Subscription>(ctx.q, 'subscription', { customer: customer.id }, { limit: 100 }, '')).data.filter((candidate) => !ended(candidate))) {
        const previous = structuredClone(subscription)
        subscription.default_payment_method = method.id
        await save(ctx.q, subscription)
        await recordEvent(ctx.q, ctx.request, 'customer.subscription.updated', subscription, changes(previous, subscription))
      }
    })
    options.afterWrite()
    return c.redirect(`/sandbox/portal/${found.portal.id}`, 303)
  })

  // The billing details the configuration allows; the rest of the form is ignored, as Stripe's portal never shows it.
  app.post('/portal/:id/billing-details', async (c) => {
    const found = await sessionOf(c.req.param('id'))
    if (!found?.features.customer_update.enabled) return c.html(notFoundPage(), 404)
    const allowed = new Set(found.features.customer_update.allowed_updates)
    const form = await c.req.parseBody()
    const text = (name: string) => String(form[name] ?? '').trim() || null
    const email = text('email')
    if (allowed.has('email') && (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))) {
      const details = { values: Object.fromEntries(Object.entries(form).map(([key, value]) => [key, String(value)])), error: 'Enter a valid email address.' }
      return c.html(await show(found.portal, found.features, { details }), 422)
    }
    await run(async (ctx) => {
      const customer = (await mustLoad<Stripe.Customer>(ctx.q, 'customer', found.portal.customer, { lock: true })).data
      const before = structuredClone(customer)
      if (allowed.has('name')) customer.name = text('name')
      if (allowed.has('email')) customer.email = email
      if (allowed.has('phone')) customer.phone = text('phone')
      if (allowed.has('address')) {
        const address = Object.fromEntries(addressFields.map((field) => [field, text(field)])) as Record<(typeof addressFields)[number], string | null>
        customer.address = Object.values(address).some(Boolean) ? address : null
      }
      const previous = changes(before, customer)
      if (Object.keys(previous).length === 0) return
      await save(ctx.q, customer)
      await recordEvent(ctx.q, ctx.request, 'customer.updated', customer, previous)
    })
    options.afterWrite()
    return c.redirect(`/sandbox/portal/${found.portal.id}`, 303)
  })
}

function invoiceDescription(invoice: Stripe.Invoice): string {
  const reasons: Record<string, string> = { subscription_create: 'purchase', subscription_cycle: 'renewal', subscription_update: 'change' }
  const reason = reasons[invoice.billing_reason ?? ''] ?? 'invoice'
  const line = invoice.lines.data.find((candidate) => !candidate.parent?.subscription_item_details?.proration) ?? invoice.lines.data.at(-1)
  return line ? `${line.description} (${reason})` : reason
}
