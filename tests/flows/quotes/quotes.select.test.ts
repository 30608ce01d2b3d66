import { describe, expect, it } from 'vitest'
import { quotesMachine } from '@/machines/quotes.machine'
import { quoteRow, selectQuotes } from '@/src/features/invoices/quotes.select'
import { expiredQuote, openQuote } from '@/testkit/flows/quotes/quotes.model'

/** The machine's snapshot in a state, with the two quotes of issue 49's list and the open one picked. */
const snapshotIn = (value: Parameters<typeof quotesMachine.resolveState>[0]['value']) =>
  quotesMachine.resolveState({
    value,
    context: { quotes: [openQuote, expiredQuote], picked: openQuote, request: null, order: null, error: null, taxIdError: null, notice: null },
  })

describe('what a quote row says it is for', () => {
  it('names the plan and counts one developer in the singular, more in the plural', () => {
    expect(quoteRow({ ...openQuote, quantity: 1, total: 29_900 }, false).seats).toBe('Commercial for 1 developer')
    expect(quoteRow({ ...openQuote, priceId: 'commercial-plus', quantity: 3 }, false).seats).toBe('Commercial Plus for 3 developers')
  })
})

describe('the Quotes section while its list loads and while a PDF downloads', () => {
  it('says it is loading until the list comes, and no longer once it is listed', () => {
    expect(selectQuotes(snapshotIn('loading'))).toMatchObject({ loading: true, shown: false })
    expect(selectQuotes(snapshotIn({ listed: 'idle' }))).toMatchObject({ loading: false, shown: true })
  })

  it('shows only the quote whose PDF is on its way as downloading, not the other listed', () => {
    const downloading = (value: Parameters<typeof snapshotIn>[0]) => selectQuotes(snapshotIn(value)).rows.map((row) => [row.number, row.downloading])
    expect(downloading({ listed: 'downloading' })).toEqual([
      ['QT-NORA-0001', true],
      ['QT-NORA-0000', false],
    ])
    expect(downloading({ listed: 'idle' })).toEqual([
      ['QT-NORA-0001', false],
      ['QT-NORA-0000', false],
    ])
  })
})
