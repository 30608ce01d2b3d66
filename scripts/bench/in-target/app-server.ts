import { createServer } from 'node:http'
import { getRequestListener } from '@hono/node-server'
import { createRemoteJWKSet } from 'jose'
import { importExport } from './find-export'
import { env, rateLimitsFromEnv } from './environment'

/**
 * Runs inside a commit that predates the production server (server/production.ts), such as
 * 36f83ff: its accounts app (createAccountsApp) on PostgreSQL, migrated by its own code, its
 * payment sandbox as the gateway, tokens checked against the bench's tenant through its JWKS, over
 * plain HTTP on 127.0.0.1 (as that commit's own bench served it). Configured like the production
 * server, by the environment; rate limits from RATE_LIMIT_*, else that commit's defaults.
 */
interface Database {
  close(): Promise<void>
}
const origin = env('PUBLIC_ORIGIN')
const openPostgres = await importExport<(url: string) => Promise<Database>>('openPostgres')
const migrate = await importExport<(db: Database) => Promise<unknown>>('migrate')
const createAccountsApp = await importExport<(deps: object) => { fetch: (request: Request) => Response | Promise<Response> }>('createAccountsApp')
const createTokenVerifier = await importExport<(settings: object) => unknown>('createTokenVerifier')
const createSandboxGateway = await importExport<(db: Database, origin: string) => unknown>('createSandboxGateway')
const defaultRateLimits = await importExport<{ readsPerSecond: number; writesPerSecond: number; burst: number }>('defaultRateLimits')

const db = await openPostgres(env('DATABASE_URL'))
await migrate(db)
const app = createAccountsApp({
  db,
  gateway: createSandboxGateway(db, origin),
  verifyToken: createTokenVerifier({ getKey: createRemoteJWKSet(new URL(env('AUTH_JWKS_URL'))), issuers: [env('AUTH_ISSUER')], audience: env('AUTH_AUDIENCE') }),
  siteOrigin: origin,
  discordInviteUrl: env('DISCORD_INVITE_URL'),
  rateLimits: rateLimitsFromEnv(defaultRateLimits),
})
const server = createServer(getRequestListener(app.fetch))
server.keepAliveTimeout = 65_000
server.listen(Number(env('PORT')), process.env.HOST ?? '127.0.0.1', () => console.log(JSON.stringify({ msg: 'bench app server listening' })))
process.once('SIGTERM', () => {
  server.closeAllConnections()
  server.close(() => void db.close().then(() => process.exit(0)))
})
