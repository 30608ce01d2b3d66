import type { MemberRole } from '@/common/contract'
import { may } from '@/common/roles'

/** The sidebar of the account area, from the account (spec section 2). */
export type AccountNavItem =
  | {
      kind: 'page'
      label: 'My Licenses' | 'Profile' | 'Manage Licenses' | 'Feed tokens' | 'Invoices and company' | 'Members'
      to: '/account' | '/account/profile' | '/account/licenses' | '/account/feed-tokens' | '/account/invoices' | '/account/members'
    }
  | { kind: 'billing'; label: 'Billing' }

/**
 * What the sidebar follows: the organisation's plan and payment customer (its billing account's:
 * for an account that bought alone, its own), and the caller's role in it (issue 30). Left out,
 * the role is an owner's, alone: every account before organisations.
 */
export interface AccountNavFacts {
  allowedPriceId?: string | null
  hasStripeAccount?: boolean | null
  /** null: the caller is no organisation's member. */
  role?: MemberRole | null
  /** Nobody else is a member yet. */
  personal?: boolean
}

export function selectAccountNav({ role = 'owner', personal = true, ...organisation }: AccountNavFacts): AccountNavItem[] {
  const items: AccountNavItem[] = [
    { kind: 'page', label: 'My Licenses', to: '/account' },
    { kind: 'page', label: 'Profile', to: '/account/profile' },
  ]
  // Billing opens the provider's portal, so it needs a customer there; and billing is the owners' and billing managers'.
  if (organisation.hasStripeAccount && may(role, 'billing')) items.push({ kind: 'billing', label: 'Billing' })
  // Managing seats needs a plan: the first purchase sets allowedPriceId. Every member sees the page, with what their role allows on it.
  if (organisation.allowedPriceId && role !== null) items.push({ kind: 'page', label: 'Manage Licenses', to: '/account/licenses' })
  // Feed tokens belong to a Commercial Plus subscription. The account names the owner's highest live
  // plan (it keeps the last one after the subscription ends: creating a token then answers 409 in words).
  if (organisation.allowedPriceId === 'commercial-plus' && may(role, 'seats')) items.push({ kind: 'page', label: 'Feed tokens', to: '/account/feed-tokens' })
  // The invoices and the company details they carry are the payment customer's (our addition, issue 31), and billing's.
  if (organisation.hasStripeAccount && may(role, 'billing')) items.push({ kind: 'page', label: 'Invoices and company', to: '/account/invoices' })
  // The members of an organisation with others in it, or of one that bought (its owner invites people there).
  if (role !== null && (!personal || organisation.allowedPriceId)) items.push({ kind: 'page', label: 'Members', to: '/account/members' })
  return items
}

/** What the user menu shows: the name, or the email when there is no name. */
export function displayName(account: { firstName?: string | null; lastName?: string | null; email: string }): string {
  // join writes a missing part as nothing; trim drops the space a missing or blank part leaves.
  const name = [account.firstName, account.lastName].join(' ').trim()
  return name || account.email
}
