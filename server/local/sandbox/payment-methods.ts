import type Stripe from 'stripe'
import type { Queryable } from '@/server/db/database'
import { errors } from './protocol'
import { mustLoad, save } from './store'

/** The id of a payment method attached to the customer; Stripe's 400 on `param` when it is not theirs. */
export async function attachedMethod(q: Queryable, customerId: string, methodId: string, param: string): Promise<string> {
  const method = await mustLoad<Stripe.PaymentMethod>(q, 'payment_method', methodId, { param })
  if (method.data.customer !== customerId) {
    throw errors.invalid(param, `The customer does not have a payment method with the ID ${methodId}. The payment method must be attached to the customer.`)
  }
  return methodId
}

/** Attaches a payment method to a customer, or detaches it (null). */
export async function setCustomer(q: Queryable, method: Stripe.PaymentMethod, customerId: string | null): Promise<void> {
  method.customer = customerId
  await q.query('update sandbox_objects set customer = $2 where id = $1', [method.id, customerId])
  await save(q, method)
}
