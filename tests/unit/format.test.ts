import { describe, expect, it } from 'vitest'
import { formatLongDate, formatUsd } from '../../src/ui/format'

describe('formatUsd', () => {
  it.each([
    [0, '$0.00'],
    [29900, '$299.00'],
    [49900, '$499.00'],
    [149500, '$1,495.00'],
    [99, '$0.99'],
    [29900 * 500, '$149,500.00'],
  ])('shows %i cents as %s', (cents, text) => {
    expect(formatUsd(cents)).toBe(text)
  })
})

describe('formatLongDate', () => {
  it('writes dates in long US format', () => {
    expect(formatLongDate('2027-03-05')).toBe('March 5, 2027')
    expect(formatLongDate(new Date('2026-12-31T23:30:00Z'))).toBe('December 31, 2026')
  })

  it('reads calendar days in UTC, whatever the local time zone', () => {
    expect(formatLongDate('2027-01-01T00:00:00Z')).toBe('January 1, 2027')
  })
})
