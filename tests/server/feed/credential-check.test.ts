import type * as nodeCrypto from 'node:crypto'
import { timingSafeEqual } from 'node:crypto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { seatWithKey } from '@/server/feed/credential-check'
import { secretDigest } from '@/server/secret-digest'

vi.mock('node:crypto', async (original) => {
  const crypto = await original<typeof nodeCrypto>()
  return { ...crypto, timingSafeEqual: vi.fn(crypto.timingSafeEqual) }
})

const comparisons = () => vi.mocked(timingSafeEqual).mock.calls.length
/** The seat a key given opens, as the check hashes the key it is given. */
const seatOpenedBy = (key: string, held: typeof seats) => seatWithKey(secretDigest(key), held)
const seats = [
  { id: 'seat_1', license_key: 'key-one' },
  { id: 'seat_2', license_key: 'key-two' },
]

/** The feed's credential check: a guesser learns nothing from the time an answer takes. */
describe('the seat a license key opens', () => {
  afterEach(() => vi.mocked(timingSafeEqual).mockClear())

  it('is the seat holding that key, or none', () => {
    expect(seatOpenedBy('key-two', seats)?.id).toBe('seat_2')
    expect(seatOpenedBy('key-three', seats)).toBeNull()
    expect(seatOpenedBy('key-one', [])).toBeNull()
  })

  it('is found by comparing the key with every seat, not stopping at the match', () => {
    seatOpenedBy('key-one', seats)
    expect(comparisons()).toBe(2)
  })

  it('costs an email that holds no seat one comparison, as a wrong key for one seat does', () => {
    seatOpenedBy('key-one', [])
    expect(comparisons()).toBe(1)
  })
})
