import type { SetupIntentResult, Stripe, StripeElements } from '@stripe/stripe-js'
import { requestsFor } from '@/src/api/request-actor'
import type { PaymentSetupResult, upgradeMachine } from '@/machines/upgrade.machine'
import type { AccountsApi } from '@/src/api/accounts-api'
import type { SavedPaymentMethod } from '@/common/contract'

/** The upgrade flow's payment messages (spec section 8), exactly. */
export const paymentMessages = {
  notReady: 'Payment system is not ready. Please try again in a moment.',
  refused: 'Payment setup failed. Please try again.',
  notSaved: 'Failed to save payment method. Please try again.',
  unexpected: 'An unexpected error occurred during payment setup. Please try again.',
} as const

/** What the payment step hands over on submit: the provider's objects, as its hooks give them. */
export interface PaymentForm {
  stripe: Stripe | null
  elements: StripeElements | null
}

/**
 * Confirms the setup with the Payment Element, then saves the payment method as the default.
 * The provider's validation errors stay inline (status 'invalid'); the rest become spec messages.
 */
export async function setUpPayment(api: AccountsApi, form: PaymentForm, returnUrl: string, signal?: AbortSignal): Promise<PaymentSetupResult> {
  const { stripe, elements } = form
  if (!stripe || !elements) throw new Error(paymentMessages.notReady)
  let result: SetupIntentResult
  try {
    result = await stripe.confirmSetup({ elements, confirmParams: { return_url: returnUrl }, redirect: 'if_required' })
  } catch {
    throw new Error(paymentMessages.unexpected)
  }
  if (result.error) {
    if (result.error.type === 'validation_error') return { status: 'invalid' }
    throw new Error(paymentMessages.refused)
  }
  const method = result.setupIntent?.payment_method
  const paymentMethodId = typeof method === 'string' ? method : method?.id
  if (!paymentMethodId) throw new Error(paymentMessages.refused)
  // The answer names the card now on file, for the confirm step: nothing to ask again.
  let saved: SavedPaymentMethod
  try {
    saved = await api.saveDefaultPaymentMethod(paymentMethodId, signal)
  } catch {
    throw new Error(paymentMessages.notSaved)
  }
  return { status: 'saved', card: saved.card }
}

/** The upgrade wizard's I/O: the accounts API and the payment provider. */
export function upgradeActors(api: AccountsApi, returnUrl: () => string) {
  return requestsFor<typeof upgradeMachine>()({
    loadPaymentMethod: async ({ signal }) => {
      const answer = await api.hasDefaultPaymentMethod(signal)
      return { hasPaymentMethod: answer.hasPaymentMethod, card: answer.card ?? null }
    },
    createSetupIntent: ({ signal }) => api.createSetupIntent(signal),
    setUpPayment: ({ input, signal }) => setUpPayment(api, input.form as PaymentForm, returnUrl(), signal),
    loadUpgradePreview: ({ input, signal }) => api.upgradePreview(input, signal),
    upgradeSubscription: async ({ input, signal }) => {
      await api.upgrade(input, signal)
    },
  })
}
