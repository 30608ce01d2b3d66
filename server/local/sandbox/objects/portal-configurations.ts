import type Stripe from 'stripe'
import { newId } from './ids'

/** Billing portal configurations, typed with the SDK's types: what a customer may do in the hosted portal. */

export type PortalFeatures = Stripe.BillingPortal.Configuration.Features

/** Stripe's values for the features a configuration does not name: each one off. */
export function featuresOff(): PortalFeatures {
  return {
    customer_update: { allowed_updates: [], enabled: false },
    invoice_history: { enabled: false },
    payment_method_update: { enabled: false, payment_method_configuration: null },
    subscription_cancel: { cancellation_reason: { enabled: false, feedback_options: null, options: [] }, enabled: false, mode: 'at_period_end', proration_behavior: 'none' },
    subscription_pause: { duration: { interval_options: [], type: 'indefinite' }, enabled: false },
    subscription_update: {
      billing_cycle_anchor: null,
      default_allowed_updates: [],
      enabled: false,
      proration_behavior: 'none',
      schedule_at_period_end: { conditions: [] },
      trial_update_behavior: 'end_trial',
    },
  }
}

/**
 * The account's default configuration, as a new account's Dashboard leaves it in the sandbox: all
 * that the sandbox's portal offers (it offers no plan, seat or pause changes).
 */
export function sandboxDefaultFeatures(): PortalFeatures {
  const features = featuresOff()
  features.customer_update = { allowed_updates: ['address', 'email', 'name', 'phone', 'tax_id'], enabled: true }
  features.invoice_history.enabled = true
  features.payment_method_update.enabled = true
  features.subscription_cancel.enabled = true
  return features
}

export function portalConfiguration(input: {
  created: number
  features: PortalFeatures
  isDefault: boolean
  metadata: Record<string, string>
  name: string | null
  defaultReturnUrl: string | null
}): Stripe.BillingPortal.Configuration {
  return {
    id: newId('bpc'),
    object: 'billing_portal.configuration',
    active: true,
    application: null,
    business_profile: { headline: null, privacy_policy_url: null, terms_of_service_url: null },
    created: input.created,
    default_return_url: input.defaultReturnUrl,
    features: input.features,
    is_default: input.isDefault,
    livemode: false,
    login_page: { enabled: false, url: null },
    metadata: input.metadata,
    name: input.name,
    updated: input.created,
  }
}
