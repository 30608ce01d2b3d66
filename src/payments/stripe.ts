import type { Stripe } from '@stripe/stripe-js'
import { config } from '../config/config'
import { usesSandbox } from '@/common/sandbox-key'

export const sandboxScript = '/sandbox/stripe.js'

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script')
    script.src = src
    script.async = true
    script.onload = () => resolve()
    script.onerror = () => reject(new Error(`Could not load ${src}`))
    document.head.appendChild(script)
  })
}

let stripe: Promise<Stripe | null> | null = null

/**
 * Stripe.js, loaded once when first needed. With the sandbox key the sandbox's script defines
 * `window.Stripe` first, and @stripe/stripe-js uses it instead of loading its own. Resolves to null
 * when the script cannot load, which the payment step reports as 'not ready'.
 */
export function loadPaymentProvider(publishableKey = config.VITE_STRIPE_PUBLISHABLE_KEY): Promise<Stripe | null> {
  stripe ??= (async () => {
    try {
      if (usesSandbox(publishableKey) && !('Stripe' in window)) await loadScript(sandboxScript)
      const { loadStripe } = await import('@stripe/stripe-js/pure')
      return await loadStripe(publishableKey)
    } catch {
      stripe = null
      return null
    }
  })()
  return stripe
}
