import { readFile } from 'node:fs/promises'
import { Hono } from 'hono'
import { findPlan, type PriceId } from '../../../src/content/plans'
import type { Database } from '../../db/database'
import type { CheckoutFulfillment } from '../gateway'
import { checkCard, declines } from './cards'
import { completeCheckout, confirmSetupIntent, setupIntentView } from './gateway'
import { checkoutPage, date, notFoundPage, portalPage } from './pages'

interface SessionRow {
  id: string
  customer_id: string
  price_id: PriceId
  quantity: number
  success_url: string
  cancel_url: string
  return_url: string
  status: string
}

/** The sandbox's hosted pages under /sandbox: checkout and the customer portal. */
export function createSandboxApp(db: Database, fulfill: CheckoutFulfillment): Hono {
  const app = new Hono().basePath('/sandbox')
  const session = async (id: string, kind: 'checkout' | 'portal') =>
    (await db.query<SessionRow>('select * from sandbox_sessions where id = $1 and kind = $2', [id, kind]))[0]
  const successAddress = (row: SessionRow) => row.success_url.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(row.id))

  app.get('/stripe.js', async (c) => c.body(await readFile(new URL('./assets/stripe.js', import.meta.url)), 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' }))

  // Stripe's API as the sandbox's Stripe.js calls it: setup intents, confirmed with a test card.
  const intentFor = async (id: string, clientSecret: unknown) => {
    const [row] = await db.query<{ id: string; status: string; payment_method: string | null; client_secret: string }>("select id, status, payment_method, client_secret from sandbox_sessions where id = $1 and kind = 'setup'", [id])
    return row && row.client_secret === clientSecret ? row : undefined
  }
  const stripeError = (type: string, code: string, message: string, extra: Record<string, string> = {}) => ({ error: { type, code, message, ...extra } })

  app.get('/v1/setup_intents/:id', async (c) => {
    const intent = await intentFor(c.req.param('id'), c.req.query('client_secret'))
    return intent ? c.json(setupIntentView(intent)) : c.json(stripeError('invalid_request_error', 'resource_missing', 'No such setup intent.'), 404)
  })

  app.post('/v1/setup_intents/:id/confirm', async (c) => {
    const body = (await c.req.json().catch(() => null)) as { client_secret?: string; card?: { number?: string; expiry?: string; cvc?: string } } | null
    const intent = await intentFor(c.req.param('id'), body?.client_secret)
    if (!intent) return c.json(stripeError('invalid_request_error', 'resource_missing', 'No such setup intent.'), 404)
    const values = { number: String(body?.card?.number ?? ''), expiry: String(body?.card?.expiry ?? ''), cvc: String(body?.card?.cvc ?? '') }
    const card = checkCard(values)
    if (!card.ok) return c.json(stripeError('validation_error', card.field === 'number' ? 'incomplete_number' : `incomplete_${card.field}`, card.message), 400)
    const decline = declines[values.number.replace(/[\s-]/g, '')]
    if (decline) return c.json(stripeError('card_error', 'card_declined', decline.message, { decline_code: decline.code === 'card_declined' ? 'generic_decline' : decline.code }), 402)
    return c.json(await confirmSetupIntent(db, intent.id, card))
  })

  app.get('/assets/sandbox.css', async (c) => c.body(await readFile(new URL('./assets/sandbox.css', import.meta.url)), 200, { 'Content-Type': 'text/css; charset=utf-8' }))

  const view = (row: SessionRow) => {
    const plan = findPlan(row.price_id)!
    return { action: `/sandbox/checkout/${row.id}/pay`, cancelAction: `/sandbox/checkout/${row.id}/cancel`, planName: plan.name, quantity: row.quantity, pricePerSeat: plan.price }
  }

  app.get('/checkout/:id', async (c) => {
    const row = await session(c.req.param('id'), 'checkout')
    if (!row) return c.html(notFoundPage(), 404)
    if (row.status === 'complete') return c.redirect(successAddress(row), 303)
    return c.html(checkoutPage(view(row)))
  })

  app.post('/checkout/:id/pay', async (c) => {
    const row = await session(c.req.param('id'), 'checkout')
    if (!row) return c.html(notFoundPage(), 404)
    if (row.status === 'complete') return c.redirect(successAddress(row), 303)
    const form = await c.req.parseBody()
    const values = { number: String(form.number ?? ''), expiry: String(form.expiry ?? ''), cvc: String(form.cvc ?? ''), name: String(form.name ?? '') }
    const card = checkCard(values)
    if (!card.ok) return c.html(checkoutPage({ ...view(row), values, fieldError: { field: card.field, message: card.message } }), 422)
    const decline = declines[values.number.replace(/[\s-]/g, '')]
    if (decline) return c.html(checkoutPage({ ...view(row), values: { ...values, number: '' }, error: decline.message }), 402)
    const completed = await completeCheckout(db, row.id, card)
    if (completed) await fulfill(completed)
    return c.redirect(successAddress(row), 303)
  })

  app.post('/checkout/:id/cancel', async (c) => {
    const row = await session(c.req.param('id'), 'checkout')
    if (!row) return c.html(notFoundPage(), 404)
    return c.redirect(row.cancel_url, 303)
  })

  app.get('/portal/:id', async (c) => {
    const row = await session(c.req.param('id'), 'portal')
    if (!row) return c.html(notFoundPage(), 404)
    const [subscription] = await db.query<{ price_id: PriceId; quantity: number; current_period_end: Date }>('select price_id, quantity, current_period_end from sandbox_subscriptions where customer_id = $1', [row.customer_id])
    const [card] = await db.query<{ brand: string; last4: string; exp_month: number; exp_year: number }>(
      'select brand, last4, exp_month, exp_year from sandbox_customers join sandbox_payment_methods on sandbox_payment_methods.id = sandbox_customers.default_payment_method where sandbox_customers.id = $1',
      [row.customer_id],
    )
    const invoices = await db.query<{ created_at: Date; amount: number; description: string; status: string }>('select created_at, amount, description, status from sandbox_invoices where customer_id = $1 order by created_at desc', [row.customer_id])
    return c.html(
      portalPage({
        planName: subscription ? findPlan(subscription.price_id)!.name : 'No subscription',
        quantity: subscription?.quantity ?? 0,
        renewal: subscription ? date(subscription.current_period_end) : '—',
        card: card ? { brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year } : null,
        invoices,
        returnUrl: row.return_url,
      }),
    )
  })

  app.notFound((c) => c.html(notFoundPage(), 404))
  return app
}
