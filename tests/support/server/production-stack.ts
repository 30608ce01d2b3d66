import { afterAll, beforeAll } from 'vitest'
import { productionEnv, startInstance, startStripe, startTenant, type Instance } from './instances'

export interface ProductionStack {
  tenant: Awaited<ReturnType<typeof startTenant>>
  stripe: Awaited<ReturnType<typeof startStripe>>
  /** The instances' environment: a schema of their own on TEST_DATABASE_URL. */
  env: Record<string, string>
  instances: Instance[]
  /** The first instance. */
  instance: Instance
}

/**
 * Production instances (server/production.ts) for the tests of one `describe`: the tenant, the
 * sandbox's Stripe API and `instances` processes on a schema named `schema` of TEST_DATABASE_URL,
 * started before its tests (together: the migrations run once, under their lock) and stopped after.
 * `settings` add to the environment; `beforeStart` runs with it before the instances start (to
 * seed the database, say); `databaseUrl` names another server than TEST_DATABASE_URL, and `stripe`
 * how the sandbox delivers its webhooks (startStripe). The fields are there once the tests run.
 */
export function useProductionStack(
  schema: string,
  options: {
    instances?: number
    settings?: () => Record<string, string> | Promise<Record<string, string>>
    beforeStart?: (env: Record<string, string>) => Promise<void>
    databaseUrl?: () => Promise<string>
    stripe?: Parameters<typeof startStripe>[0]
  } = {},
): ProductionStack {
  const stack = { instances: [] as Instance[] } as ProductionStack
  beforeAll(async () => {
    stack.tenant = await startTenant()
    stack.stripe = await startStripe(options.stripe)
    const databaseUrl = options.databaseUrl ? await options.databaseUrl() : process.env.TEST_DATABASE_URL!
    stack.env = await productionEnv(databaseUrl, schema, stack.tenant, stack.stripe, await options.settings?.())
    await options.beforeStart?.(stack.env)
    stack.instances = await Promise.all(Array.from({ length: options.instances ?? 1 }, () => startInstance(stack.env)))
    stack.instance = stack.instances[0]!
  }, 60_000)
  afterAll(async () => {
    await Promise.all(stack.instances.map((instance) => instance.stop()))
    await stack.stripe?.close()
    await stack.tenant?.close()
  })
  return stack
}
