/** Model of the session machine for generated paths: tests, the path catalogue and coverage. */
import type { Account } from '../../common/contract'
import { sessionMachine, type SignInIdentity } from '../../machines/session.machine'
import { actorEvents, type ActorFixtures, type PathPlan } from '../model/paths'

export const identity: SignInIdentity = { firstName: 'Cara', lastName: 'Commercial', email: 'commercial@example.com', oid: 'oid-cara' }
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

export const fixtures: ActorFixtures<typeof sessionMachine> = {
  loadAccount: { done: [account], error: [new Error('There was a problem connecting to the server. Please try again.')] },
}

export const sessionModel: PathPlan<typeof sessionMachine> = {
  name: 'session',
  machine: sessionMachine,
  actors: Object.keys(fixtures),
  inputs: [{ identity }],
  events: [{ type: 'account.changed', account: { ...account, firstName: 'Caroline' } }, ...actorEvents(fixtures)],
}
