/** Model of the trial machine for generated paths: tests, the path catalogue and coverage. */
import type { Trial } from '@/common/billing-contract'
import type { License } from '@/common/contract'
import { trialMachine } from '@/machines/trial.machine'
import { account } from '@/testkit/flows/session/session.fixtures'
import { actorEvents, type ActorFixtures, type PathPlan } from '@/testkit/model/paths'

/** The trial as starting it answers: 30 days, its extension unused, the account now of Commercial Plus. */
export const startedTrial: Trial = {
  trialEnd: '2027-01-01T00:00:00.000Z',
  extended: false,
  account: { ...account, allowedPriceId: 'commercial-plus', hasStripeAccount: true },
}
/** The same trial extended once: 14 days later. */
export const extendedTrial: Trial = { ...startedTrial, trialEnd: '2027-01-15T00:00:00.000Z', extended: true }

/** The trial's seat as My Licenses lists it, for the trial given. */
export const trialLicense = (trial: Trial): License => ({
  id: 'seat_trial_1',
  subscription: 'Commercial Plus',
  priceId: 'commercial-plus',
  accountEmail: account.email,
  expirationDate: trial.trialEnd,
  licenseKey: 'PRSM-TRIAL-11111-22222-33333-44444',
  discordConnected: false,
  status: 'trial',
  trialExtended: trial.extended,
  ownedByCaller: true,
  updatesUntil: trial.trialEnd,
  newestCovered: '9.2.0',
})

export const conflictWords = 'There was a conflict with your request. The item may have been modified by another user.'

export const fixtures: ActorFixtures<typeof trialMachine> = {
  startTrial: { done: [startedTrial], error: [new Error(conflictWords)] },
  extendTrial: { done: [extendedTrial], error: [new Error(conflictWords)] },
}

export const trialModel: PathPlan<typeof trialMachine> = {
  name: 'trial',
  machine: trialMachine,
  actors: Object.keys(fixtures),
  addressees: ['session'],
  inputs: [{}],
  events: [{ type: 'trial.start' }, { type: 'trial.extend' }, ...actorEvents(fixtures)],
  // What the person can tell apart: where it stands, the trial's end shown, and the failure.
  serialize: (snapshot) => ({ value: snapshot.value, trialEnd: snapshot.context.trial?.trialEnd ?? null, error: snapshot.context.error }),
}
