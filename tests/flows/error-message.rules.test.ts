import { describe, expect, it } from 'vitest'
import { messageOf } from '@/machines/error-message'

/** Spec section 8: a failure shows its message, or the flow's own text when it says nothing. */
describe('what a failure says', () => {
  it('is its message, or the flow’s own text for an empty message or something that is not an Error', () => {
    const own = 'Payment setup failed. Please try again.'
    expect(messageOf(new Error('Your card was declined.'), own)).toBe('Your card was declined.')
    expect(messageOf(new Error(''), own)).toBe(own)
    expect(messageOf({ message: 'not an Error' }, own)).toBe(own)
    expect(messageOf('a thrown text', own)).toBe(own)
  })
})
