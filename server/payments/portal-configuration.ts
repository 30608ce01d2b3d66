import { createHash } from 'node:crypto'
import Stripe from 'stripe'

type Features = Stripe.BillingPortal.ConfigurationCreateParams.Features

/**
 * What the billing portal lets a customer do (decision 0022): update the card, see and download
 * invoices, update their billing details (name, email, address, phone, tax ID), cancel at the
 * period's end and resume. No quantity or plan changes: those go through the portal's own wizard,
 * which keeps seats and the license type in step.
 */
export const portalFeatures = {
  customer_update: { enabled: true, allowed_updates: ['name', 'email', 'address', 'phone', 'tax_id'] },
  invoice_history: { enabled: true },
  payment_method_update: { enabled: true },
  // options is required; the SDK sends nothing for an empty array, and '' for Stripe's empty value.
  subscription_cancel: { enabled: true, mode: 'at_period_end', proration_behavior: 'none', cancellation_reason: { enabled: false, options: '' } },
  subscription_pause: { enabled: false },
  subscription_update: { enabled: false },
} satisfies Features

/** The metadata key naming the portal's configuration, and its value: the features' digest, so a change of them is a new configuration. */
export const ownerKey = 'prism_portal_configuration'
export const featuresDigest = createHash('sha256').update(JSON.stringify(portalFeatures)).digest('hex').slice(0, 16)

/** Whether a configuration Stripe holds still grants what the portal grants, and nothing more (the Dashboard can change it). */
export function grantsPortalFeatures(configuration: Stripe.BillingPortal.Configuration): boolean {
  const { features } = configuration
  const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((entry) => b.includes(entry))
  return (
    configuration.active &&
    features.customer_update.enabled &&
    same(features.customer_update.allowed_updates, portalFeatures.customer_update.allowed_updates) &&
    features.invoice_history.enabled &&
    features.payment_method_update.enabled &&
    features.subscription_cancel.enabled &&
    features.subscription_cancel.mode === 'at_period_end' &&
    !features.subscription_pause.enabled &&
    !features.subscription_update.enabled
  )
}

/**
 * The billing portal configuration the server owns: found by its metadata among the account's
 * configurations, made when there is none (two instances at once make one: the key is the
 * features'), and put back when someone changed it. Asked once a process; asked again when Stripe
 * refuses it (deactivated or deleted meanwhile).
 */
export function createPortalConfiguration(stripe: Stripe) {
  let known: Promise<string> | undefined

  async function ensure(): Promise<string> {
    for await (const configuration of stripe.billingPortal.configurations.list({ limit: 100 })) {
      if (configuration.metadata?.[ownerKey] !== featuresDigest) continue
      if (grantsPortalFeatures(configuration)) return configuration.id
      const restored = await stripe.billingPortal.configurations.update(
        configuration.id,
        { active: true, features: portalFeatures },
        { idempotencyKey: `portal-configuration:restore:${configuration.id}:${configuration.updated}` },
      )
      return restored.id
    }
    const created = await stripe.billingPortal.configurations.create(
      { features: portalFeatures, metadata: { [ownerKey]: featuresDigest }, name: 'Prism portal' },
      { idempotencyKey: `portal-configuration:${featuresDigest}` },
    )
    return created.id
  }

  const id = () => (known ??= ensure().catch((error: unknown) => ((known = undefined), Promise.reject(error))))

  return {
    /**
     * Runs the work with the configuration's id; once more with a fresh one when Stripe no longer
     * takes the one known (`again`: Stripe replays a refusal for the same idempotency key).
     */
    async use<T>(work: (configuration: string, again: boolean) => Promise<T>): Promise<T> {
      const configuration = await id()
      try {
        return await work(configuration, false)
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError && error.param === 'configuration')) throw error
        known = undefined
        return work(await id(), true)
      }
    },
  }
}
