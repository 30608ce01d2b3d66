import type { Queryable } from '@/server/db/database'
import type { Core } from '../context'
import { priceObject, product, productId } from '../objects/catalogue'
import { errors } from '../protocol'
import { loadAny } from '../store'

/** Replaces ids by objects along each expand path (`customer`, `invoice_settings.default_payment_method`, `data.subscription`). */
export async function expand(q: Queryable, core: Core, value: unknown, paths: string[]): Promise<unknown> {
  for (const path of paths) await expandPath(q, core, value, path.split('.'), path)
  return value
}

async function resolve(q: Queryable, core: Core, id: string): Promise<unknown> {
  const price = core.prices.find((candidate) => candidate.id === id)
  if (price) return priceObject(price, 0)
  const owner = core.prices.find((candidate) => productId(candidate) === id)
  if (owner) return product(owner, 0)
  return (await loadAny(q, id)) ?? id
}

async function expandPath(q: Queryable, core: Core, value: unknown, parts: string[], whole: string): Promise<void> {
  if (value === null || typeof value !== 'object') return
  const record = value as Record<string, unknown>
  if (record.object === 'list' && Array.isArray(record.data) && parts[0] === 'data') {
    for (const entry of record.data) await expandPath(q, core, entry, parts.slice(1), whole)
    return
  }
  const [head, ...rest] = parts
  if (!head || !(head in record)) throw errors.request(`This property cannot be expanded (${whole}).`, { param: 'expand' })
  if (rest.length === 0) {
    if (typeof record[head] === 'string') record[head] = await resolve(q, core, record[head])
    return
  }
  if (typeof record[head] === 'string') record[head] = await resolve(q, core, record[head])
  await expandPath(q, core, record[head], rest, whole)
}
