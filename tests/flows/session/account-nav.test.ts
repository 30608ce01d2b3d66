import { describe, expect, it } from 'vitest'
import { commercialCustomerNav } from '@/tests/support/account-nav'
import { displayName, selectAccountNav } from '@/src/features/account-shell/account-nav.select'

const labels = (account: Parameters<typeof selectAccountNav>[0]) => selectAccountNav(account).map((item) => item.label)

describe('the account sidebar', () => {
  it('shows only My Licenses and Profile without a plan or a payment customer [S2.account.manage-hidden S2.account.billing]', () => {
    expect(labels({ allowedPriceId: null, hasStripeAccount: false })).toEqual(['My Licenses', 'Profile'])
  })

  it('adds Billing and Invoices for a payment customer and Manage Licenses for an account with a plan, in the spec’s order, then Members [S2.account.sidebar]', () => {
    expect(labels({ allowedPriceId: 'commercial', hasStripeAccount: true })).toEqual(['My Licenses', 'Profile', 'Billing', 'Manage Licenses', 'Invoices and company', 'Members'])
    expect(labels({ allowedPriceId: 'community', hasStripeAccount: false })).toEqual(['My Licenses', 'Profile', 'Manage Licenses', 'Members'])
    expect(labels({ allowedPriceId: null, hasStripeAccount: true })).toEqual(['My Licenses', 'Profile', 'Billing', 'Invoices and company'])
  })

  it('adds Feed tokens for a Commercial Plus owner only, after Manage Licenses', () => {
    expect(labels({ allowedPriceId: 'commercial-plus', hasStripeAccount: true })).toEqual(['My Licenses', 'Profile', 'Billing', 'Manage Licenses', 'Feed tokens', 'Invoices and company', 'Members'])
    expect(labels({ allowedPriceId: 'commercial-plus', hasStripeAccount: false })).toEqual(['My Licenses', 'Profile', 'Manage Licenses', 'Feed tokens', 'Members'])
    expect(selectAccountNav({ allowedPriceId: 'commercial-plus' }).at(-2)).toEqual({ kind: 'page', label: 'Feed tokens', to: '/account/feed-tokens' })
  })

  it('links each page to its address (spec section 1) and makes Billing open the portal', () => {
    expect(selectAccountNav({ allowedPriceId: 'commercial', hasStripeAccount: true })).toEqual(commercialCustomerNav)
  })

  it('makes Billing open the portal rather than a page [S2.account.billing]', () => {
    expect(selectAccountNav({ hasStripeAccount: true }).find((item) => item.label === 'Billing')).toEqual({ kind: 'billing', label: 'Billing' })
  })
})

describe('the sidebar of a member of an organisation (issue 30)', () => {
  const plus = { allowedPriceId: 'commercial-plus', hasStripeAccount: true, personal: false }

  it('gives an owner everything', () => {
    expect(labels({ ...plus, role: 'owner' })).toEqual(['My Licenses', 'Profile', 'Billing', 'Manage Licenses', 'Feed tokens', 'Invoices and company', 'Members'])
  })

  it('gives a billing manager Billing, Manage Licenses (to buy and upgrade) and the invoices, no feed tokens', () => {
    expect(labels({ ...plus, role: 'billing-manager' })).toEqual(['My Licenses', 'Profile', 'Billing', 'Manage Licenses', 'Invoices and company', 'Members'])
  })

  it('gives a seat manager Manage Licenses and feed tokens, no Billing and no invoices', () => {
    expect(labels({ ...plus, role: 'seat-manager' })).toEqual(['My Licenses', 'Profile', 'Manage Licenses', 'Feed tokens', 'Members'])
  })

  it('gives someone who is no organisation’s member only their own pages, whatever the account bought', () => {
    expect(labels({ ...plus, role: null })).toEqual(['My Licenses', 'Profile'])
  })

  it('shows Members to the owner of an organisation of one only once it bought (before, there is nobody to manage)', () => {
    expect(labels({ allowedPriceId: null, hasStripeAccount: false, role: 'owner', personal: true })).toEqual(['My Licenses', 'Profile'])
    expect(labels({ allowedPriceId: null, hasStripeAccount: false, role: 'owner', personal: false })).toEqual(['My Licenses', 'Profile', 'Members'])
  })
})

describe('the user menu’s name', () => {
  it('is the name, or the email without one [S2.account.user-menu]', () => {
    expect(displayName({ firstName: 'Cara', lastName: 'Commercial', email: 'commercial@example.com' })).toBe('Cara Commercial')
    expect(displayName({ firstName: '', lastName: ' ', email: 'dev1@example.com' })).toBe('dev1@example.com')
    expect(displayName({ firstName: 'Cara', lastName: null, email: 'x@example.com' })).toBe('Cara')
    expect(displayName({ firstName: undefined, lastName: 'Lovelace', email: 'x@example.com' })).toBe('Lovelace')
    expect(displayName({ firstName: ' Ada ', lastName: '', email: 'x@example.com' })).toBe('Ada')
    expect(displayName({ email: 'only@example.com' })).toBe('only@example.com')
  })
})
