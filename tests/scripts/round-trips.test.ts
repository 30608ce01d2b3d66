import { describe, expect, it } from 'vitest'
import { sequentialRoundTrips } from '@/scripts/bench/round-trips'

const call = (url: string, start: number, end: number) => ({ url, start, end })

describe("bench:portal's round trips in sequence", () => {
  it('counts calls sent side by side once', () => {
    expect(sequentialRoundTrips([call('POST /api/auth/login', 0, 90), call('GET /api/organisation', 1, 60), call('GET /api/licenses', 2, 80)])).toBe(1)
  })

  it('counts a call sent after two answers that came side by side as one more, not two', () => {
    expect(sequentialRoundTrips([call('POST /api/auth/login', 0, 90), call('GET /api/organisation', 1, 60), call('GET /api/licenses', 95, 150)])).toBe(2)
  })

  it('follows the longest chain of calls each waiting for the one before', () => {
    expect(sequentialRoundTrips([call('GET /api/licenses', 250, 300), call('POST /api/auth/login', 0, 100), call('GET /api/organisation', 110, 200)])).toBe(3)
  })

  it('is none without calls', () => expect(sequentialRoundTrips([])).toBe(0))
})
