/** Model of the renewal machine for generated paths: tests, the path catalogue and coverage. */
import type { Renewal } from '@/common/billing-contract'
import { renewalMachine } from '@/machines/renewal.machine'
import { actorEvents, type ActorFixtures, type PathPlan } from '@/testkit/model/paths'

/** Cara's Commercial: 5 seats, 2 assigned, renewing on 1 March 2027 for all five. */
export const caraRenewal: Renewal = {
  subscriptionId: 'sub_demo_commercial',
  priceId: 'commercial',
  renewsOn: '2027-03-01T12:00:00.000Z',
  seats: 5,
  assigned: 2,
  renewalSeats: 5,
  autoRenew: true,
  renewalAmount: 149_500,
}
export const fewerSeats: Renewal = { ...caraRenewal, renewalSeats: 3, renewalAmount: 89_700 }
export const endsAtPeriodEnd: Renewal = { ...caraRenewal, autoRenew: false }

export const offline = 'There was a problem connecting to the server. Please try again.'
export const conflict = 'There was a conflict with your request. The item may have been modified by another user.'
export const busy = 'Payments are busy right now. Please wait a moment and try again.'

export const fixtures: ActorFixtures<typeof renewalMachine> = {
  loadRenewals: { done: [[caraRenewal]], error: [new Error(offline)] },
  setRenewalSeats: { done: [fewerSeats], error: [new Error(conflict)] },
  setAutoRenew: { done: [endsAtPeriodEnd], error: [new Error(busy)] },
}

export const renewalModel: PathPlan<typeof renewalMachine> = {
  name: 'renewal',
  machine: renewalMachine,
  actors: Object.keys(fixtures),
  events: [
    { type: 'renewals.reload' },
    { type: 'seats.open', subscriptionId: caraRenewal.subscriptionId },
    { type: 'seats.submit', seats: 3 },
    // Fewer than the two assigned: the dialog says so and sends nothing.
    { type: 'seats.submit', seats: 1 },
    { type: 'autoRenew.set', subscriptionId: caraRenewal.subscriptionId, autoRenew: false },
    { type: 'dialog.close' },
    ...actorEvents(fixtures),
  ],
  // What the user can tell apart: where it stands, each renewal's seats and switch, the message.
  serialize: (snapshot) => ({
    value: snapshot.value,
    renewals: snapshot.context.renewals.map((renewal) => [renewal.renewalSeats, renewal.autoRenew]),
    error: snapshot.context.error,
  }),
}
