import { describe, expect, it } from 'vitest'
import type { License } from '@/common/contract'
import { myLicensesMachine } from '@/machines/my-licenses.machine'
import { selectMyLicenses } from '@/src/features/my-licenses/my-licenses.select'
import { plusLicense } from '@/testkit/flows/my-licenses/my-licenses.model'

/** Issue 49: a seat bought by invoice works while the invoice is open, and its card says until when it is to be paid. */
describe('My Licenses cards of a seat bought by invoice', () => {
  const cardOf = (license: License) =>
    selectMyLicenses(myLicensesMachine.resolveState({ value: 'licensed', context: { licenses: [license], error: null, fromSession: false } }), new Date('2027-03-01T12:00:00.000Z')).cards[0]!

  it("say 'Awaiting payment' and when the invoice is due, and keep the key", () => {
    const card = cardOf({ ...plusLicense, status: 'awaiting-payment', paymentDueDate: '2027-03-31T12:00:00.000Z', expirationDate: '2028-03-01T12:00:00.000Z' })
    expect(card).toMatchObject({ badge: { label: 'Awaiting payment' }, expires: 'Expires: March 1, 2028', expiresInWords: 'Invoice due by March 31, 2027', showKey: true, updatePayment: false })
  })

  it('say that the renewal is invoiced, with its number and due date, while that invoice is open [S9.dates]', () => {
    const card = cardOf({ ...plusLicense, status: 'active', expirationDate: '2028-03-01T12:00:00.000Z', renewalInvoice: { number: 'NW1-0002', dueDate: '2028-03-31T00:00:00.000Z' } })
    expect(card).toMatchObject({ badge: { label: 'Active' }, renewalInvoice: 'Renewal invoiced (NW1-0002): due by March 31, 2028' })
  })

  it('say nothing of an invoice once it is paid', () => {
    expect(cardOf({ ...plusLicense, status: 'active', expirationDate: '2028-03-01T12:00:00.000Z' })).toMatchObject({ badge: { label: 'Active' }, expiresInWords: null, renewalInvoice: null })
  })
})
