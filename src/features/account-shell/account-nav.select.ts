/** The sidebar of the account area, from the account (spec section 2). */
export type AccountNavItem =
  | {
      kind: 'page'
      label: 'My Licenses' | 'Profile' | 'Manage Licenses' | 'Feed tokens' | 'Invoices and company'
      to: '/account' | '/account/profile' | '/account/licenses' | '/account/feed-tokens' | '/account/invoices'
    }
  | { kind: 'billing'; label: 'Billing' }

export interface AccountNavFacts {
  allowedPriceId?: string | null
  hasStripeAccount?: boolean | null
}

export function selectAccountNav(account: AccountNavFacts): AccountNavItem[] {
  const items: AccountNavItem[] = [
    { kind: 'page', label: 'My Licenses', to: '/account' },
    { kind: 'page', label: 'Profile', to: '/account/profile' },
  ]
  // Billing opens the provider's portal, so it needs a customer there.
  if (account.hasStripeAccount) items.push({ kind: 'billing', label: 'Billing' })
  // Managing seats needs a plan: the first purchase sets allowedPriceId.
  if (account.allowedPriceId) items.push({ kind: 'page', label: 'Manage Licenses', to: '/account/licenses' })
  // Feed tokens belong to a Commercial Plus subscription. The account names the owner's highest live
  // plan (it keeps the last one after the subscription ends: creating a token then answers 409 in words).
  if (account.allowedPriceId === 'commercial-plus') items.push({ kind: 'page', label: 'Feed tokens', to: '/account/feed-tokens' })
  // The invoices and the company details they carry are the payment customer's (our addition, issue 31).
  if (account.hasStripeAccount) items.push({ kind: 'page', label: 'Invoices and company', to: '/account/invoices' })
  return items
}

/** What the user menu shows: the name, or the email when there is no name. */
export function displayName(account: { firstName?: string | null; lastName?: string | null; email: string }): string {
  // join writes a missing part as nothing; trim drops the space a missing or blank part leaves.
  const name = [account.firstName, account.lastName].join(' ').trim()
  return name || account.email
}
