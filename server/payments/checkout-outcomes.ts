import type { StripeGateway } from './gateway'

type Session = Awaited<ReturnType<StripeGateway['checkoutSession']>>

/**
 * What Stripe says of the checkouts in an order's way (decision 0051): one read of a session for
 * all the requests that want it at once, so that an account's burst of orders asks Stripe about
 * each of its checkouts once, not once an order.
 */
export function checkoutOutcomes() {
  const asking = new Map<string, Promise<Session>>()
  return function outcomeOf(sessionId: string, gateway: Pick<StripeGateway, 'checkoutSession'>): Promise<Session> {
    const pending = asking.get(sessionId) ?? gateway.checkoutSession(sessionId).finally(() => asking.delete(sessionId))
    asking.set(sessionId, pending)
    return pending
  }
}
