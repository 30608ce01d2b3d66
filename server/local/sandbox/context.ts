import type { Queryable } from '@/server/db/database'
import type { SandboxPrice } from './options'
import { errors } from './protocol'
import type { RequestInfo } from './store'

/**
 * Where Stripe's behaviour is not known for sure, the one the sandbox shows; a test may choose the
 * other (decision 0063).
 */
export interface SandboxBehaviour {
  /**
   * An invoice made by hand for a subscription (`billing_reason: manual`), sent and unpaid past its
   * due date, makes the subscription past due (true, as for the subscription's own invoices), or
   * leaves it as it was (false: real Stripe may).
   */
  manualInvoiceOverdueMakesPastDue: boolean
}

/** What the sandbox's operations share: its configuration. */
export interface Core {
  origin: string
  prices: SandboxPrice[]
  behaviour: SandboxBehaviour
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
