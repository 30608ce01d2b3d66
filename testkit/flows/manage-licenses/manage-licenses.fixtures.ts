/** Manage Licenses' fixtures that other flows' kits share: apart from the model, so that they do not import the machine (nor the upgrade's within it). */
import type { AssignedLicense } from '@/common/contract'

export const ownSeat: AssignedLicense = {
  id: 'seat_own',
  firstName: 'Cara',
  lastName: 'Commercial',
  email: 'commercial@example.com',
  expirationDate: '2027-11-22T00:00:00.000Z',
  // The owner restored packages lately; the seat just given (newSeat) has never been used.
  lastFeedAccessAt: '2026-11-20T09:15:00.000Z',
  pending: false,
}
export const newSeat: AssignedLicense = {
  id: 'seat_new',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  expirationDate: '2027-11-22T00:00:00.000Z',
  lastFeedAccessAt: null,
  pending: true,
}
