import { describe, expect, it } from 'vitest'
import { daysUntil, formatDaysFromNow, formatLongDate, formatUsd } from '@/common/format'

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

describe('daysUntil', () => {
  const now = new Date('2027-03-05T12:00:00Z')

  it('counts whole days, rounding up: a license ending later today has 1 day left', () => {
    expect(daysUntil('2027-03-05T18:00:00Z', now)).toBe(1)
    expect(daysUntil('2027-03-17T12:00:00Z', now)).toBe(12)
    expect(daysUntil('2027-03-17T12:00:01Z', now)).toBe(13)
  })

  it('is 0 at the moment itself and negative once the date has passed', () => {
    expect(daysUntil('2027-03-05T12:00:00Z', now)).toBe(0)
    expect(daysUntil(new Date('2027-03-03T12:00:00Z'), now)).toBe(-2)
  })
})

describe('formatDaysFromNow', () => {
  it.each([
    [12, 'in 12 days'],
    [1, 'in 1 day'],
    [0, 'in 0 days'],
    [-2, '2 days ago'],
  ])('writes %i days as %s', (days, text) => {
    expect(formatDaysFromNow(days)).toBe(text)
  })
})
