import type { Agent } from 'node:https'
import { createStripeGateway } from '../payments/gateway'
import { createStripeClient } from '../payments/stripe-client'
import { priceCatalogue, type StripeSettings } from '../payments/stripe-settings'
import { createAccountsApp } from './app'
import type { AccountsAppDeps } from './deps'

/**
 * The accounts API with its Stripe gateway, as production and the local stack both build it;
 * only the addresses differ (Stripe or the sandbox, the tenant or the local provider).
 */
export function createApi(options: Omit<AccountsAppDeps, 'gateway' | 'prices'> & { stripe: StripeSettings & { agent?: Agent } }) {
  const { stripe: settings, ...deps } = options
  const prices = priceCatalogue(settings)
  const stripe = createStripeClient({ secretKey: settings.STRIPE_SECRET_KEY, apiBase: settings.STRIPE_API_BASE || undefined, agent: settings.agent })
  return createAccountsApp({ ...deps, gateway: createStripeGateway(stripe, prices, settings.STRIPE_WEBHOOK_SECRET), prices })
}
