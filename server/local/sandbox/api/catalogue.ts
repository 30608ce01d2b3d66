import { findPrice } from '../context'
import { priceObject, product, productId } from '../objects/catalogue'
import { errors } from '../protocol'
import type { Route } from './router'

/** The prices and products the sandbox sells. */

export const catalogueRoutes: Route[] = [
  {
    method: 'GET',
    path: '/prices/:id',
    handler: async (call) => {
      const price = findPrice(call.core, call.path.id!, 'id')
      return priceObject(price, 0)
    },
  },
  {
    method: 'GET',
    path: '/prices',
    handler: async (call) => ({ object: 'list', data: call.core.prices.map((price) => priceObject(price, 0)), has_more: false, url: '/v1/prices' }),
  },
  {
    method: 'GET',
    path: '/products/:id',
    handler: async (call) => {
      const price = call.core.prices.find((candidate) => productId(candidate) === call.path.id)
      if (!price) throw errors.missing('product', call.path.id!)
      return product(price, 0)
    },
  },
]
