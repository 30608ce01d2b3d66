import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { apiBase, apiRoutes, type ApiRoute } from '@/common/api-paths'
import { calls as faultMatrix } from '@/e2e/faults/calls'
import { createAccountsApp } from '@/server/api/app'
import type { AccountsAppDeps } from '@/server/api/deps'
import { createAccountsApi } from '@/src/api/accounts-api'
import type { Caller, CallOptions } from '@/src/api/client'
import { callOf, obligationsMissing, type Evidence } from './endpoint-obligations'

// Every route of the accounts API is named once (common/api-paths.ts), served by the server, and
// carries the obligations of docs/new-endpoint.md.

/** The server's routes, read from the app without serving a request: nothing it is built from is called. */
function servedRoutes() {
  const unused = new Proxy({}, { get: (_, name) => ((name as string) === 'then' ? undefined : unusedDependency(name)) })
  const app = createAccountsApp({ db: unused, gateway: unused, prices: unused, verifyToken: unused, feedUsage: unused, siteOrigin: '', discordInviteUrl: '' } as unknown as AccountsAppDeps)
  return new Set(app.routes.filter((route) => route.method !== 'ALL').map((route) => `${route.method} ${route.path}`))
}
function unusedDependency(name: string | symbol): never {
  throw new Error(`Reading the app's routes used a dependency (${String(name)})`)
}

/** Each client function called once, with a placeholder for its first parameter (an id, a body or a query; none read here): the calls it makes. */
async function clientCalls() {
  const made: string[] = []
  const recording = (async (options: CallOptions<unknown>) => void made.push(`${options.method} ${apiBase}${options.path}`)) as Caller
  const functions = Object.values(createAccountsApi(recording)) as unknown as ((placeholder: string) => Promise<unknown>)[]
  for (const send of functions) await send('placeholder')
  return { made, functions: functions.length }
}

/** The permission matrix's rows, as its file names them (`call: 'GET /api/…'`), wherever under tests/ it is kept. */
function permissionRows() {
  const find = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? find(join(dir, entry.name)) : entry.name === 'permission-matrix.test.ts' ? [join(dir, entry.name)] : []))
  const [file] = find('tests')
  return [...readFileSync(file!, 'utf8').matchAll(/\bcall: '([A-Z]+ \/[^']*)'/g)].map((match) => match[1]!)
}

async function evidence(): Promise<Evidence> {
  return { clientCalls: (await clientCalls()).made, permissionRows: permissionRows(), faultRows: faultMatrix.map((row) => `${row.method} ${row.path}`) }
}

describe('the API paths, named once', () => {
  it('are the routes the server serves, each of them, and no other', () => {
    expect([...servedRoutes()].sort()).toEqual(Object.values(apiRoutes).map(callOf).sort())
  })

  it('are what each client function calls, one route each', async () => {
    const { made, functions } = await clientCalls()
    expect(made).toHaveLength(functions)
    expect(new Set(made).size).toBe(functions)
  })

  it('have no path written by hand in the client', () => {
    const client = readdirSync('src/api').map((file) => readFileSync(join('src/api', file), 'utf8'))
    expect(client.flatMap((source) => source.match(/\bpath: [`'"]/g) ?? [])).toEqual([])
  })
})

describe('the obligations of a new endpoint (docs/new-endpoint.md)', () => {
  it('are met by every route: a client function, a permission-matrix row, a fault-matrix row, or the reason it is open', async () => {
    expect(obligationsMissing(apiRoutes, await evidence())).toEqual([])
  })

  // The check can fail: a route the house has not caught up with is reported, one line per debt.
  const madeUp: ApiRoute = { method: 'PUT', mount: '/licenses', route: '/:licenseId/label', path: '/licenses/:licenseId/label' }
  it('report a new route with no client function, no permission-matrix row and no fault-matrix row', async () => {
    expect(obligationsMissing({ ...apiRoutes, madeUp }, await evidence())).toEqual([
      'madeUp (PUT /api/licenses/:licenseId/label): no client function in src/api/ calls it',
      'madeUp (PUT /api/licenses/:licenseId/label): no row in the permission matrix',
      'madeUp (PUT /api/licenses/:licenseId/label): no row in the fault matrix (e2e/faults/)',
    ])
  })
  it('report a route whose matrix rows are gone', async () => {
    const known = await evidence()
    const without = (rows: readonly string[]) => rows.filter((row) => !/^POST \/api\/licenses\/[^/]+\/regenerate-key$/.test(row))
    expect(obligationsMissing(apiRoutes, { ...known, permissionRows: without(known.permissionRows), faultRows: without(known.faultRows) })).toEqual([
      'regenerateKey (POST /api/licenses/:licenseId/regenerate-key): no row in the permission matrix',
      'regenerateKey (POST /api/licenses/:licenseId/regenerate-key): no row in the fault matrix (e2e/faults/)',
    ])
  })
  it('report an open route the client calls, and a call to a path the table does not name', async () => {
    const known = await evidence()
    expect(obligationsMissing(apiRoutes, { ...known, clientCalls: [...known.clientCalls, 'POST /api/stripe/webhook', 'GET /api/made-up'] })).toEqual([
      `stripeWebhook (POST /api/stripe/webhook): open (${apiRoutes.stripeWebhook.open}), yet the SPA's client calls it`,
      'GET /api/made-up: the client calls a path common/api-paths.ts does not name',
    ])
  })
})
