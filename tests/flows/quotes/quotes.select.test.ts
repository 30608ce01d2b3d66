import { describe, expect, it } from 'vitest'
import { quoteRow } from '@/src/features/invoices/quotes.select'
import { openQuote } from '@/testkit/flows/quotes/quotes.model'

describe('what a quote row says it is for', () => {
  it('names the plan and counts one developer in the singular, more in the plural', () => {
    expect(quoteRow({ ...openQuote, quantity: 1, total: 29_900 }, false).seats).toBe('Commercial for 1 developer')
    expect(quoteRow({ ...openQuote, priceId: 'commercial-plus', quantity: 3 }, false).seats).toBe('Commercial Plus for 3 developers')
  })
})
