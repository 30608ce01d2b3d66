import type Stripe from 'stripe'
import type { Ctx } from '../context'
import { unix } from '../objects/ids'
import { featuresOff, portalConfiguration, sandboxDefaultFeatures, type PortalFeatures } from '../objects/portal-configurations'
import { errors, mergeMetadata, read, type Params } from '../protocol'
import { insert, list, load, mustLoad, save } from '../store'
import { route, type Route } from './router'

/** Billing portal configurations: made, read, listed and changed as on Stripe; a portal session runs under one. */

const customerFields = ['address', 'email', 'name', 'phone', 'shipping', 'tax_id'] as const

/** A list of strings ('' empties it, as Stripe's emptyable lists). */
function strings(params: Params, name: string, param: string): string[] | undefined {
  const value = params[name]
  if (value === undefined) return undefined
  if (value === '') return []
  const entries = Array.isArray(value) ? value : [value]
  return entries.map((entry, index) => {
    if (typeof entry !== 'string') throw errors.invalid(`${param}[${index}]`, 'Invalid string')
    return entry
  })
}

/** The features as the parameters change them, over the current ones; what the sandbox's portal cannot do is refused. */
function readFeatures(params: Params, current: PortalFeatures): PortalFeatures {
  const features = structuredClone(current)
  const at = (name: string) => `features[${name}]`
  const part = (name: string) => read.object(params, name)

  const customer = part('customer_update')
  if (customer) {
    features.customer_update.enabled = read.boolean(customer, 'enabled') ?? features.customer_update.enabled
    const allowed = strings(customer, 'allowed_updates', `${at('customer_update')}[allowed_updates]`)
    if (allowed) {
      const unknown = allowed.find((field) => !(customerFields as readonly string[]).includes(field))
      if (unknown) throw errors.invalid(`${at('customer_update')}[allowed_updates]`, `Invalid allowed_updates: must be one of ${customerFields.join(', ')}`)
      features.customer_update.allowed_updates = allowed
    }
  }
  for (const name of ['invoice_history', 'payment_method_update'] as const) {
    const feature = part(name)
    if (feature) features[name].enabled = read.boolean(feature, 'enabled') ?? features[name].enabled
  }
  const cancel = part('subscription_cancel')
  if (cancel) {
    features.subscription_cancel.enabled = read.boolean(cancel, 'enabled') ?? features.subscription_cancel.enabled
    features.subscription_cancel.mode = read.oneOf(cancel, 'mode', ['at_period_end', 'immediately']) ?? features.subscription_cancel.mode
    features.subscription_cancel.proration_behavior = read.oneOf(cancel, 'proration_behavior', ['always_invoice', 'create_prorations', 'none']) ?? features.subscription_cancel.proration_behavior
    const reason = read.object(cancel, 'cancellation_reason')
    if (reason) {
      // Stripe requires both when the reason is given ('' for no options).
      const param = `${at('subscription_cancel')}[cancellation_reason]`
      const enabled = read.boolean(reason, 'enabled')
      const options = strings(reason, 'options', `${param}[options]`)
      if (enabled === undefined) throw errors.required(`${param}[enabled]`)
      if (options === undefined) throw errors.required(`${param}[options]`)
      Object.assign(features.subscription_cancel.cancellation_reason, { enabled, options })
    }
    if (features.subscription_cancel.mode !== 'at_period_end' || features.subscription_cancel.cancellation_reason.enabled)
      throw errors.invalid(at('subscription_cancel'), "The payment sandbox's portal cancels at the period's end only, without asking for a reason.")
  }
  for (const name of ['subscription_pause', 'subscription_update'] as const) {
    const feature = part(name)
    const enabled = feature ? read.boolean(feature, 'enabled') : undefined
    if (enabled) throw errors.invalid(`${at(name)}[enabled]`, `The payment sandbox's portal offers no ${name === 'subscription_pause' ? 'pauses' : 'plan or quantity changes'}.`)
  }
  return features
}

/** The configuration a portal session runs under: the one named (active), else the account's default, made on first need. */
export async function sessionConfiguration(ctx: Ctx, id: string | undefined): Promise<Stripe.BillingPortal.Configuration> {
  if (id) {
    const named = (await mustLoad<Stripe.BillingPortal.Configuration>(ctx.q, 'billing_portal.configuration', id, { param: 'configuration' })).data
    if (!named.active) throw errors.invalid('configuration', `The configuration ${id} is not active. Activate it, or create the session with another configuration.`)
    return named
  }
  const [current] = (await list<Stripe.BillingPortal.Configuration>(ctx.q, 'billing_portal.configuration', { json: { is_default: 'true' } }, { limit: 1 }, '')).data
  if (current) return current
  const made = portalConfiguration({ created: unix(Date.now()), features: sandboxDefaultFeatures(), isDefault: true, metadata: {}, name: null, defaultReturnUrl: null })
  await insert(ctx.q, made)
  return made
}

/** The configuration for the hosted portal's pages (null when the session names one that is gone). */
export async function loadConfiguration(ctx: Pick<Ctx, 'q'>, id: string) {
  return (await load<Stripe.BillingPortal.Configuration>(ctx.q, 'billing_portal.configuration', id))?.data ?? null
}

export const portalConfigurationRoutes: Route[] = [
  route('POST', '/billing_portal/configurations', async (ctx, call) => {
    const features = read.object(call.params, 'features')
    if (!features) throw errors.required('features')
    const made = portalConfiguration({
      created: unix(Date.now()),
      features: readFeatures(features, featuresOff()),
      isDefault: false,
      metadata: mergeMetadata({}, read.metadata(call.params)),
      name: read.string(call.params, 'name') ?? null,
      defaultReturnUrl: read.string(call.params, 'default_return_url') ?? null,
    })
    await insert(ctx.q, made)
    return made
  }),
  route('GET', '/billing_portal/configurations', async (ctx, call) => {
    const json: Record<string, string> = {}
    for (const flag of ['active', 'is_default'] as const) {
      const value = read.boolean(call.params, flag)
      if (value !== undefined) json[flag] = String(value)
    }
    return list<Stripe.BillingPortal.Configuration>(ctx.q, 'billing_portal.configuration', { json }, call.page(), '/v1/billing_portal/configurations')
  }),
  route('GET', '/billing_portal/configurations/:id', async (ctx, call) => (await mustLoad<Stripe.BillingPortal.Configuration>(ctx.q, 'billing_portal.configuration', call.path.id!)).data),
  route('POST', '/billing_portal/configurations/:id', async (ctx, call) => {
    const configuration = (await mustLoad<Stripe.BillingPortal.Configuration>(ctx.q, 'billing_portal.configuration', call.path.id!, { lock: true })).data
    const active = read.boolean(call.params, 'active')
    if (active === false && configuration.is_default) throw errors.invalid('active', 'The default configuration cannot be deactivated.')
    if (active !== undefined) configuration.active = active
    const features = read.object(call.params, 'features')
    if (features) configuration.features = readFeatures(features, configuration.features)
    configuration.metadata = mergeMetadata(configuration.metadata ?? {}, read.metadata(call.params))
    if (call.params.name !== undefined) configuration.name = read.string(call.params, 'name') ?? null
    if (call.params.default_return_url !== undefined) configuration.default_return_url = read.string(call.params, 'default_return_url') ?? null
    configuration.updated = Math.max(configuration.updated + 1, unix(Date.now()))
    await save(ctx.q, configuration)
    return configuration
  }),
]
