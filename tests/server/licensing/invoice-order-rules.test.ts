import { describe, expect, it } from 'vitest'
import type { PriceId } from '@/common/plans'
import { Refusal } from '@/server/kernel/refusal'
import { checkInvoiceOrder } from '@/server/licensing/invoice-order-rules'

/** What may be bought by invoice (issue 49): a paid plan, of the account's one license type (spec section 5). */
describe('an order by invoice', () => {
  const refusalOf = (allowedPriceId: PriceId | null, priceId: PriceId) => {
    try {
      checkInvoiceOrder({ allowed_price_id: allowedPriceId }, priceId)
    } catch (error) {
      if (error instanceof Refusal) return { reason: error.reason, message: error.message }
      throw error
    }
    return undefined
  }

  it('takes a paid plan from an account with no license type yet, or of the same type', () => {
    expect(refusalOf(null, 'commercial')).toBeUndefined()
    expect(refusalOf(null, 'commercial-plus')).toBeUndefined()
    expect(refusalOf('commercial-plus', 'commercial-plus')).toBeUndefined()
  })

  it('refuses the free plan in words: it has nothing to invoice', () => {
    expect(refusalOf(null, 'community')).toEqual({ reason: 'invalid', message: 'Community is free: it needs no invoice.' })
  })

  it('refuses another license type than the account is limited to', () => {
    expect(refusalOf('commercial', 'commercial-plus')).toEqual({ reason: 'conflict', message: 'Accounts are limited to one license type.' })
  })
})
