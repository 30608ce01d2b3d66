import { describe, expect, it, vi } from 'vitest'
import type { Stripe, StripeElements } from '@stripe/stripe-js'
import type { AccountsApi } from '@/src/api/accounts-api'
import { setUpPayment } from '@/src/features/upgrade/upgrade.actors'

const elements = {} as StripeElements
const stripeAnswering = (answer: unknown) => ({ confirmSetup: vi.fn(() => (answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer))) }) as unknown as Stripe
const api = (save: () => Promise<unknown> = () => Promise.resolve({ paymentMethodId: 'pm_2', card: { brand: 'visa', last4: '4242' } })) =>
  ({ saveDefaultPaymentMethod: vi.fn(save), hasDefaultPaymentMethod: vi.fn() }) as unknown as AccountsApi

describe('the payment step (spec section 8: upgrade flow messages)', () => {
  it('is not ready without Stripe or Elements [S8.upgrade.not-ready]', async () => {
    await expect(setUpPayment(api(), { stripe: null, elements }, 'https://x')).rejects.toThrow(new Error('Payment system is not ready. Please try again in a moment.'))
    await expect(setUpPayment(api(), { stripe: stripeAnswering({}), elements: null }, 'https://x')).rejects.toThrow(new Error('Payment system is not ready. Please try again in a moment.'))
  })

  it('keeps the provider’s validation errors inline [S5.payment.inline]', async () => {
    await expect(setUpPayment(api(), { stripe: stripeAnswering({ error: { type: 'validation_error', message: 'Your card number is incomplete.' } }), elements }, 'https://x')).resolves.toEqual({
      status: 'invalid',
    })
  })

  it('says the setup failed when the provider refuses it [S8.upgrade.setup-failed]', async () => {
    await expect(setUpPayment(api(), { stripe: stripeAnswering({ error: { type: 'card_error', code: 'card_declined' } }), elements }, 'https://x')).rejects.toThrow(
      new Error('Payment setup failed. Please try again.'),
    )
  })

  it('says saving failed when the API refuses the payment method [S8.upgrade.not-saved]', async () => {
    const stripe = stripeAnswering({ setupIntent: { payment_method: 'pm_1' } })
    await expect(
      setUpPayment(
        api(() => Promise.reject(new Error('402'))),
        { stripe, elements },
        'https://x',
      ),
    ).rejects.toThrow(new Error('Failed to save payment method. Please try again.'))
  })

  it('says something unexpected happened for anything else [S8.upgrade.setup-unexpected]', async () => {
    await expect(setUpPayment(api(), { stripe: stripeAnswering(new Error('boom')), elements }, 'https://x')).rejects.toThrow(
      new Error('An unexpected error occurred during payment setup. Please try again.'),
    )
  })

  it('saves the payment method as the default and names the card the save answers, asking for it no second time', async () => {
    const accounts = api()
    const stripe = stripeAnswering({ setupIntent: { payment_method: { id: 'pm_2' } } })
    await expect(setUpPayment(accounts, { stripe, elements }, 'https://x/account/licenses')).resolves.toEqual({ status: 'saved', card: { brand: 'visa', last4: '4242' } })
    expect(accounts.saveDefaultPaymentMethod).toHaveBeenCalledWith('pm_2', undefined)
    expect(accounts.hasDefaultPaymentMethod).not.toHaveBeenCalled()
    expect(stripe.confirmSetup).toHaveBeenCalledWith({ elements, confirmParams: { return_url: 'https://x/account/licenses' }, redirect: 'if_required' })
  })

  it('names no card when the saved method is not a card', async () => {
    const stripe = stripeAnswering({ setupIntent: { payment_method: 'pm_3' } })
    await expect(
      setUpPayment(
        api(() => Promise.resolve({ paymentMethodId: 'pm_3', card: null })),
        { stripe, elements },
        'https://x',
      ),
    ).resolves.toEqual({ status: 'saved', card: null })
  })
})
