import type { Queryable } from '@/server/db/database'
import type { SandboxPrice } from './options'
import { errors } from './protocol'
import type { RequestInfo } from './store'

/** What the sandbox's operations share: its configuration. */
export interface Core {
  origin: string
  prices: SandboxPrice[]
}

/** One operation: a transaction, the configuration and the request that caused it (for events). */
export interface Ctx {
  q: Queryable
  core: Core
  request: RequestInfo
}

export function findPrice(core: Core, id: string, param = 'price'): SandboxPrice {
  const price = core.prices.find((candidate) => candidate.id === id)
  if (!price) throw errors.missing('price', id, param)
  return price
}
