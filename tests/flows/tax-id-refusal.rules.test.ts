import { describe, expect, it } from 'vitest'
import { isTaxIdRefusal } from '@/machines/tax-id-refusal'

/**
 * machines/tax-id-refusal.ts, which the order by invoice, the quotes and Manage Licenses read a
 * failure with: a refusal of the tax ID is said beside its field, anything else above the form.
 * An actor can fail with anything a promise rejects with, not only an Error.
 */
describe('a refusal of the tax ID', () => {
  it('is a failure that names the tax ID as its field', () => {
    expect(isTaxIdRefusal(Object.assign(new Error('This is not a valid EU VAT number.'), { field: 'taxId' }))).toBe(true)
    expect(isTaxIdRefusal({ field: 'taxId', message: 'This is not a valid EU VAT number.' })).toBe(true)
  })

  it('is not a failure that names another field, or none', () => {
    expect(isTaxIdRefusal(Object.assign(new Error('Your card was declined.'), { field: 'card' }))).toBe(false)
    expect(isTaxIdRefusal(new Error('There was a conflict with your request.'))).toBe(false)
  })

  it('is not a rejection with nothing, null, or a bare value, and reading one does not throw', () => {
    for (const rejected of [undefined, null, 'taxId', 0, false]) expect(isTaxIdRefusal(rejected), String(rejected)).toBe(false)
  })
})
