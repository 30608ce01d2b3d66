/**
 * Keys with this prefix stand for the local payment sandbox, whose Stripe.js the local stack serves.
 * Apart from the config so the build and the server can read it too (they decide the site's policy).
 */
export const sandboxKeyPrefix = 'pk_test_sandbox'

/** Whether a publishable key means the local sandbox's Stripe.js rather than Stripe's own. */
export function usesSandbox(publishableKey: string): boolean {
  return publishableKey.startsWith(sandboxKeyPrefix)
}
