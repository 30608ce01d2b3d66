/**
 * The demo people of the local stack. The identity provider offers them on its sign-in page;
 * the database seed (npm run db:reset) gives each the account state described here.
 */
export type IdentityProviderName = 'Microsoft' | 'Google' | 'GitHub'

export interface DemoPerson {
  oid: string
  email: string
  firstName: string
  lastName: string
  provider: IdentityProviderName
  /** What the seed gives this person; shown beside the account on start. */
  state: string
}

export const demoPeople: readonly DemoPerson[] = [
  {
    oid: '8f1c6a52-0b5e-4c53-9a0c-1d1b7c1e0001',
    email: 'nolicense@example.com',
    firstName: 'Nora',
    lastName: 'Nolicense',
    provider: 'Microsoft',
    state: 'no licenses, no allowedPriceId, no Stripe customer',
  },
  {
    oid: '8f1c6a52-0b5e-4c53-9a0c-1d1b7c1e0002',
    email: 'community@example.com',
    firstName: 'Cody',
    lastName: 'Community',
    provider: 'Google',
    state: 'Community owner, 1 seat (own)',
  },
  {
    oid: '8f1c6a52-0b5e-4c53-9a0c-1d1b7c1e0003',
    email: 'commercial@example.com',
    firstName: 'Cara',
    lastName: 'Commercial',
    provider: 'Microsoft',
    state: 'Commercial owner, 5 seats, 2 assigned (own + dev1), Stripe customer with a default payment method',
  },
  {
    oid: '8f1c6a52-0b5e-4c53-9a0c-1d1b7c1e0004',
    email: 'full@example.com',
    firstName: 'Finn',
    lastName: 'Full',
    provider: 'GitHub',
    state: 'Commercial owner, 2 seats, both assigned, Stripe customer without a default payment method',
  },
  {
    oid: '8f1c6a52-0b5e-4c53-9a0c-1d1b7c1e0005',
    email: 'plus@example.com',
    firstName: 'Paula',
    lastName: 'Plus',
    provider: 'GitHub',
    state: 'Commercial Plus owner, 3 seats, 1 assigned (own), Discord not connected, Stripe customer',
  },
  {
    oid: '8f1c6a52-0b5e-4c53-9a0c-1d1b7c1e0006',
    email: 'dev1@example.com',
    firstName: 'Dev',
    lastName: 'One',
    provider: 'Google',
    state: 'holds a seat of commercial@example.com; owns nothing',
  },
  {
    oid: '8f1c6a52-0b5e-4c53-9a0c-1d1b7c1e0007',
    email: 'lapsed@example.com',
    firstName: 'Lee',
    lastName: 'Lapsed',
    provider: 'GitHub',
    state: 'Commercial Plus owner, 1 seat (own), paid from June 1, 2025 to May 31, 2026, then ended (its renewal never paid)',
  },
]
