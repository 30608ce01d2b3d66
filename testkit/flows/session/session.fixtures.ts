/** The session's fixtures that other flows' kits share: apart from the model, so that they do not import the machine. */
import type { Account } from '@/common/contract'

export const account: Account = {
  firstName: 'Cara',
  lastName: 'Commercial',
  email: 'commercial@example.com',
  oid: 'oid-cara',
  image: '',
  github: '',
  companyName: 'Contoso',
  country: 'United States',
  address: '1 Main Street',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  emailAnnouncements: true,
  discordName: null,
  discordConnected: false,
  allowedPriceId: 'commercial',
  hasStripeAccount: true,
}
