/** Model of the Profile machine for generated paths. */
import { profileMachine } from '@/machines/profile.machine'
import { actorEvents, type ActorFixtures, type PathPlan } from '@/testkit/model/paths'
import { account } from '../session/session.fixtures'

const { email: _email, oid: _oid, discordName: _d, discordConnected: _dc, allowedPriceId: _p, hasStripeAccount: _s, ...fields } = account
export const profileFields = fields

export const fixtures: ActorFixtures<typeof profileMachine> = {
  loadProfile: { done: [account], error: [new Error('There was a problem connecting to the server. Please try again.')] },
  saveProfile: { done: [{ ...account, companyName: 'Fabrikam' }], error: [new Error("The information provided couldn't be processed. Please check your entries and try again.")] },
}

export const profileModel: PathPlan<typeof profileMachine> = {
  name: 'profile',
  machine: profileMachine,
  actors: Object.keys(fixtures),
  // Whom it tells (docs/decisions/0035): its replays check what they are told against the oracle.
  addressees: ['session'],
  // No session to tell: the machine alone (its rules test tells one).
  inputs: [{}],
  events: [{ type: 'profile.save', fields: { ...profileFields, companyName: 'Fabrikam' } }, { type: 'profile.reload' }, { type: 'notice.dismiss' }, ...actorEvents(fixtures)],
}
