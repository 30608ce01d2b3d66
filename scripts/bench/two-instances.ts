import { productionEnv, startInstance, startStripe, startTenant } from '../../testkit/server/instances'

/**
 * Two production servers (server/production.ts) on one PostgreSQL for bench:api, with the tenant
 * and Stripe the tests use: an owner who bought 200 seats through checkout, fulfilled by the
 * webhook. Answers each instance's address and the owner's token.
 */
export async function startTwoInstances(databaseUrl: string) {
  const tenant = await startTenant()
  const stripe = await startStripe()
  // The load is one person's: the limits would measure the limiter, not the API.
  const env = await productionEnv(databaseUrl, 'bench_two', tenant, stripe, { RATE_LIMIT_READS_PER_SECOND: '1000000', RATE_LIMIT_WRITES_PER_SECOND: '1000000', RATE_LIMIT_BURST: '1000000' })
  // Each request's log line is written, as in production; the bench does not keep them.
  const instances = [await startInstance(env, { keepLines: false }), await startInstance(env, { keepLines: false })]
  const owner = { oid: 'bench-owner', email: 'owner@bench.example.com' }
  const token = await tenant.token(owner)
  const post = (path: string, body: unknown) =>
    fetch(`${instances[0]!.url}/api${path}`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) }).then(
      (answer) => answer.json() as Promise<Record<string, string>>,
    )
  await post('/auth/login', { firstName: 'Bench', lastName: 'Owner', email: owner.email, oid: owner.oid })
  const checkout = await post('/stripe/create-checkout-session', {
    priceId: 'commercial-plus',
    quantity: 200,
    successUrl: 'https://portal.example.com/account',
    cancelUrl: 'https://portal.example.com/account',
  })
  await stripe.pay(checkout.sessionId!)
  for (const body of stripe.deliveries)
    await fetch(`${instances[0]!.url}/api/stripe/webhook`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': stripe.sign(body) }, body })
  return {
    urls: instances.map((instance) => instance.url),
    token,
    stop: async () => {
      await Promise.all(instances.map((instance) => instance.stop()))
      await stripe.close()
      await tenant.close()
    },
  }
}
