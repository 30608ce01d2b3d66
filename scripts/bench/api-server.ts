import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { fulfillPurchase } from '../../server/accounts/license-store'
import { openPglite, openPostgres } from '../../server/db/database'
import { person, startApi } from '../../tests/api/harness'

/**
 * The accounts API for bench:api, in a process of its own so the load generator does not share
 * its core: PGlite, seeded, plain HTTP on 127.0.0.1. Prints its address and a token, then serves.
 */
const owner = person('plus@example.com')
const database = process.env.BENCH_DATABASE_URL
const api = await startApi(() => (database ? openPostgres(database, { schema: `bench_${Date.now()}` }) : openPglite()), { readsPerSecond: 1_000_000, writesPerSecond: 1_000_000, burst: 1_000_000 })
// Enough free seats that every connection can hold one while it assigns.
await fulfillPurchase(api.db, { sessionId: 'cs_bench', ownerOid: owner.oid, priceId: 'commercial-plus', quantity: 200, subscriptionId: 'sub_bench', currentPeriodEnd: new Date(Date.now() + 365 * 86_400_000).toISOString() })
const server = createServer(getRequestListener(api.app.fetch))
server.listen(0, '127.0.0.1', async () => {
  console.log(JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, token: await api.token(owner.email, { expiresIn: '1h' }) }))
})
process.once('SIGTERM', () => {
  server.closeAllConnections()
  server.close(() => void api.close().then(() => process.exit(0)))
})
