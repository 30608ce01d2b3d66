import type Stripe from 'stripe'

/** The sandbox's own Stripe account: who bills, quotes and receives the transfers. */
export const seller = {
  name: 'Prism Library (sandbox)',
  address: { city: 'San Francisco', country: 'US', line1: '510 Townsend Street', line2: null, postal_code: '94103', state: 'CA' } satisfies Stripe.Address,
  email: 'billing@prismlibrary.test',
}
