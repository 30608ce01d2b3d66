import { describe, expect, it } from 'vitest'
import { jsWhitespace } from '@/server/kernel/activity/actor'

describe('the characters the activity SQL trims from a name', () => {
  it('are exactly those String.prototype.trim removes', () => {
    const trimmed = Array.from({ length: 0x10000 }, (_, code) => String.fromCharCode(code)).filter((character) => character.trim() === '')
    expect([...jsWhitespace]).toEqual(trimmed)
  })
})
