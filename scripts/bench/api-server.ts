import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { defaultFeedFailureLimits, type RateLimits } from '../../server/api/rate-limit'
import { openPglite, openPostgres } from '../../server/db/database'
import { origin, person, startApi } from '../../testkit/server/api-harness'

/**
 * The accounts API for bench:api, in a process of its own so the load generator does not share
 * its core: PGlite, seeded, plain HTTP on 127.0.0.1. Prints its address, a token and the feed
 * holders' credentials, then serves.
 */
const owner = person('plus@example.com')
const database = process.env.BENCH_DATABASE_URL
// One person's load: the limits would measure the limiter, not the API. The feed check's failures
// are spread over many emails, so the per-email buckets stay as in production; all come from this
// one address, so its bucket never runs out (its statements still run).
const limits: RateLimits = {
  readsPerSecond: 1_000_000,
  writesPerSecond: 1_000_000,
  burst: 1_000_000,
  feedFailures: { ...defaultFeedFailureLimits, perAddress: { perSecond: 1_000_000, burst: 1_000_000 } },
}
const api = await startApi(() => (database ? openPostgres(database, { schema: `bench_${Date.now()}` }) : openPglite()), limits)
// Enough free seats that every connection can hold one while it assigns.
// Bought the way a customer buys them: a checkout, paid on the sandbox's page, fulfilled by its webhook.
const back = `${origin}/account/licenses`
const checkout = await api.call(owner.email, 'POST', '/stripe/create-checkout-session', { priceId: 'commercial-plus', quantity: 200, successUrl: back, cancelUrl: back })
await api.pay(checkout.body.sessionId)
// Fifty seat holders for the feed check, with their keys; the other 150 seats stay free for the writes.
for (let index = 0; index < 50; index++) await api.call(owner.email, 'POST', '/licenses/assign', { firstName: 'Feed', lastName: `Reader ${index}`, email: `feed${index}@bench.example.com` })
const feedCredentials = await api.db.query<{ email: string; key: string }>("select assignee_email as email, license_key as key from seats where assignee_email like 'feed%@bench.example.com'")
const server = createServer(getRequestListener(api.app.fetch))
server.listen(0, '127.0.0.1', async () => {
  console.log(JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, token: await api.token(owner.email, { expiresIn: '1h' }), feedCredentials }))
})
process.once('SIGTERM', () => {
  server.closeAllConnections()
  server.close(() => void api.close().then(() => process.exit(0)))
})
