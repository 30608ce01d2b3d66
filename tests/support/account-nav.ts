import type { AccountNavItem } from '@/src/features/account-shell/account-nav.select'

/** The sidebar of a Commercial owner who pays through Stripe, as spec section 1 orders it: each page at its address, Billing the portal. */
export const commercialCustomerNav: AccountNavItem[] = [
  { kind: 'page', label: 'My Licenses', to: '/account' },
  { kind: 'page', label: 'Profile', to: '/account/profile' },
  { kind: 'billing', label: 'Billing' },
  { kind: 'page', label: 'Manage Licenses', to: '/account/licenses' },
  { kind: 'page', label: 'Invoices and company', to: '/account/invoices' },
  { kind: 'page', label: 'Members', to: '/account/members' },
]
