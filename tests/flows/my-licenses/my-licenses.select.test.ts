import { describe, expect, it } from 'vitest'
import type { License } from '@/common/contract'
import { myLicensesMachine } from '@/machines/my-licenses.machine'
import { selectBillingOpening, selectMyLicenses } from '@/src/features/my-licenses/my-licenses.select'
import { billingPortalMachine } from '@/machines/billing-portal.machine'
import { plusLicense } from '@/testkit/flows/my-licenses/my-licenses.model'

const now = new Date('2026-11-23T09:00:00.000Z')

/** The cards My Licenses shows for these licenses, as seen at `now`. */
function cardsFor(licenses: License[]) {
  const snapshot = myLicensesMachine.resolveState({ value: 'licensed', context: { licenses, error: null, fromSession: false } })
  return selectMyLicenses(snapshot, now).cards
}

const expiring = (expirationDate: string): License => ({ ...plusLicense, expirationDate })

describe('My Licenses cards', () => {
  it('say in words when a license expires within 30 days, and only then', () => {
    const cards = cardsFor([expiring('2026-12-05T00:00:00.000Z'), expiring('2026-12-23T00:00:00.000Z'), expiring('2026-12-24T00:00:00.000Z'), expiring('2027-03-05T00:00:00.000Z')])
    expect(cards.map((card) => card.expiresInWords)).toEqual(['Expires in 12 days', 'Expires in 30 days', null, null])
    expect(cards[3]!.expires).toBe('Expires: March 5, 2027')
  })

  it("give the owner's email and show Discord only for Commercial Plus with a key", () => {
    const [plus, commercial, keyless] = cardsFor([plusLicense, { ...plusLicense, priceId: 'commercial', subscription: 'Commercial' }, { ...plusLicense, licenseKey: '' }])
    expect(plus!.owner).toBe('Owner: plus@example.com')
    expect([plus!.showDiscord, commercial!.showDiscord, keyless!.showDiscord]).toEqual([true, false, false])
  })
})

describe('My Licenses cards by status', () => {
  const cardOf = (fields: Partial<License>) => cardsFor([{ ...plusLicense, ...fields }])[0]!

  it('say when a seat set to cancel ends, in words when it is near', () => {
    expect(cardOf({ status: 'cancels', expirationDate: '2026-12-05T00:00:00.000Z' })).toMatchObject({
      expires: 'Cancels on December 5, 2026',
      expiresInWords: 'Ends in 12 days',
      badge: { label: 'Active' },
    })
    expect(cardOf({ status: 'cancels', expirationDate: '2027-03-05T00:00:00.000Z' })).toMatchObject({ expires: 'Cancels on March 5, 2027', expiresInWords: null })
  })

  it('show neither Discord nor, when it opens nothing, the key for an ended seat, and offer its owner to buy the plan again', () => {
    const ended = { status: 'expired', expirationDate: '2026-11-01T00:00:00.000Z', licenseKey: '', updatesUntil: null, newestCovered: null } as const
    expect(cardOf({ ...ended, ownedByCaller: true })).toMatchObject({
      expires: 'Expired on November 1, 2026',
      expiresInWords: null,
      coverage: null,
      showKey: false,
      showDiscord: false,
      buyAgainHref: '/account/purchase?pid=commercial-plus',
    })
    // Its key still opens what the seat covered: shown, with what that is.
    expect(cardOf({ ...ended, licenseKey: 'PRSM-AAAAA-BBBBB-CCCCC-DDDDD-EEEEE', updatesUntil: '2026-05-31T23:59:59.000Z', newestCovered: '9.0.1' })).toMatchObject({
      coverage: 'Updates until May 31, 2026 · newest covered: 9.0.1',
      showKey: true,
      showDiscord: false,
    })
    expect(cardOf({ ...ended, licenseKey: 'PRSM-AAAAA-BBBBB-CCCCC-DDDDD-EEEEE', updatesUntil: '2026-05-31T23:59:59.000Z' }).coverage).toBe('Updates until May 31, 2026')
    expect(cardOf({ status: 'active' }).coverage).toBeNull()
    expect(cardOf({ ...ended, ownedByCaller: false }).buyAgainHref).toBeNull()
    expect(cardOf({ status: 'active', ownedByCaller: true }).buyAgainHref).toBeNull()
  })

  it('show placeholders while the first page the session asked for comes, as while the page loads its own', () => {
    for (const value of ['takingFirstPage', 'loading']) {
      const snapshot = myLicensesMachine.resolveState({ value, context: { licenses: [], error: null, fromSession: value === 'takingFirstPage' } })
      expect(selectMyLicenses(snapshot, now)).toMatchObject({ loading: true, cards: [] })
    }
  })
  it('say when a trial ends, in words when it is near, and offer its owner one extension', () => {
    expect(cardOf({ status: 'trial', expirationDate: '2026-12-05T00:00:00.000Z', ownedByCaller: true, trialExtended: false })).toMatchObject({
      expires: 'Trial ends on December 5, 2026',
      expiresInWords: 'Ends in 12 days',
      extendTrial: true,
    })
    expect(cardOf({ status: 'trial', expirationDate: '2027-03-05T00:00:00.000Z' }).expiresInWords).toBeNull()
    expect(cardOf({ status: 'trial', ownedByCaller: true, trialExtended: true }).extendTrial, 'extended once already').toBe(false)
    expect(cardOf({ status: 'trial', ownedByCaller: false, trialExtended: false }).extendTrial, 'not its owner').toBe(false)
    expect(cardOf({ status: 'active', ownedByCaller: true, trialExtended: false }).extendTrial, 'no trial').toBe(false)
  })

  it('say by when the invoice of a seat awaiting payment is due, and otherwise when it expires', () => {
    const awaiting = { status: 'awaiting-payment', expirationDate: '2026-12-05T00:00:00.000Z' } as const
    expect(cardOf({ ...awaiting, paymentDueDate: '2026-12-20T00:00:00.000Z' }).expiresInWords).toBe('Invoice due by December 20, 2026')
    expect(cardOf({ ...awaiting, paymentDueDate: null }).expiresInWords).toBe('Expires in 12 days')
    expect(cardOf({ status: 'active', expirationDate: '2026-12-05T00:00:00.000Z', paymentDueDate: '2026-12-20T00:00:00.000Z' }).expiresInWords, 'paid: its expiry').toBe('Expires in 12 days')
  })

  it('show no placeholders once the cards are there', () => {
    const snapshot = myLicensesMachine.resolveState({ value: 'licensed', context: { licenses: [plusLicense], error: null, fromSession: false } })
    expect(selectMyLicenses(snapshot, now)).toMatchObject({ loading: false, empty: false, error: null })
  })
})

describe("'Update payment in Billing'", () => {
  it('shows progress only while the billing portal opens', () => {
    expect(selectBillingOpening(billingPortalMachine.resolveState({ value: 'idle', context: { returnUrl: '', error: null } }))).toBe(false)
    expect(selectBillingOpening(billingPortalMachine.resolveState({ value: 'opening', context: { returnUrl: '', error: null } }))).toBe(true)
  })
})
