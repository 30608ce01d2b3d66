import type { StripeGateway } from '../payments/gateway'
import type { PriceCatalogue } from '../payments/stripe-settings'
import { createAccountsApp } from './app'
import type { AccountsAppDeps } from './deps'

/**
 * The accounts API as production and the local stack both build it, on the Stripe gateway the
 * process built once (server/payments/gateway-from-settings.ts): its jobs share it. Only the
 * addresses differ (Stripe or the sandbox, the tenant or the local provider).
 */
export function createApi(options: Omit<AccountsAppDeps, 'gateway' | 'prices'> & { stripe: { gateway: StripeGateway; prices: PriceCatalogue } }) {
  const { stripe, ...deps } = options
  return createAccountsApp({ ...deps, gateway: stripe.gateway, prices: stripe.prices })
}
