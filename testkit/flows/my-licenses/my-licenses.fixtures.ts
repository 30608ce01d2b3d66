/** My Licenses' fixtures that other flows' kits share: apart from the model, so that they do not import the machine. */
import type { License } from '@/common/contract'

export const plusLicense: License = {
  id: 'seat_plus_1',
  subscription: 'Commercial Plus',
  priceId: 'commercial-plus',
  accountEmail: 'plus@example.com',
  expirationDate: '2027-11-22T00:00:00.000Z',
  licenseKey: 'PRSM-AAAAA-BBBBB-CCCCC-DDDDD-EEEEE',
  discordConnected: false,
  status: 'active',
  ownedByCaller: true,
  // Live: its updates run to its period's end, everything released so far.
  updatesUntil: '2027-11-22T00:00:00.000Z',
  newestCovered: '9.2.0',
}

/** The key a rotation gave the Commercial Plus seat. */
export const regeneratedKey = 'PRSM-NEWKY-11111-22222-33333-44444'
