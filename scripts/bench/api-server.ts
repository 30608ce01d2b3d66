import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { openPglite, openPostgres } from '../../server/db/database'
import { origin, person, startApi } from '../../tests/api/harness'

/**
 * The accounts API for bench:api, in a process of its own so the load generator does not share
 * its core: PGlite, seeded, plain HTTP on 127.0.0.1. Prints its address and a token, then serves.
 */
const owner = person('plus@example.com')
const database = process.env.BENCH_DATABASE_URL
const api = await startApi(() => (database ? openPostgres(database, { schema: `bench_${Date.now()}` }) : openPglite()), { readsPerSecond: 1_000_000, writesPerSecond: 1_000_000, burst: 1_000_000 })
// Enough free seats that every connection can hold one while it assigns.
// Bought the way a customer buys them: a checkout, paid on the sandbox's page, fulfilled by its webhook.
const back = `${origin}/account/licenses`
const checkout = await api.call(owner.email, 'POST', '/stripe/create-checkout-session', { priceId: 'commercial-plus', quantity: 200, successUrl: back, cancelUrl: back })
await api.pay(checkout.body.sessionId)
const server = createServer(getRequestListener(api.app.fetch))
server.listen(0, '127.0.0.1', async () => {
  console.log(JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, token: await api.token(owner.email, { expiresIn: '1h' }) }))
})
process.once('SIGTERM', () => {
  server.closeAllConnections()
  server.close(() => void api.close().then(() => process.exit(0)))
})
