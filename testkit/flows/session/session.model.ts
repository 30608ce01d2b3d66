/** Model of the session machine for generated paths: tests, the path catalogue and coverage. */
import { sessionMachine, type SignInIdentity } from '@/machines/session.machine'
import { noOrganisation, personalOrganisation, teamAs } from '@/testkit/organisations'
import { actorEvents, type ActorFixtures, type PathPlan } from '@/testkit/model/paths'
import { plusLicense } from '../my-licenses/my-licenses.fixtures'
import { account } from './session.fixtures'
import { sentHome } from './session.oracle'

export { account }

export const identity: SignInIdentity = { firstName: 'Cara', lastName: 'Commercial', email: 'commercial@example.com', oid: 'oid-cara' }

export const fixtures: ActorFixtures<typeof sessionMachine> = {
  loadAccount: { done: [account], error: [new Error('There was a problem connecting to the server. Please try again.')] },
  // Cara alone, the owner; or a seat manager of an organisation.
  loadOrganisation: {
    done: [personalOrganisation, teamAs('seat-manager')],
    error: [new Error("We're experiencing technical difficulties. Please try again later or contact support if the problem persists.")],
  },
  // My Licenses' first page, when the area opens on it: a card, or a failure the page shows.
  loadLicenses: { done: [[plusLicense]], error: [new Error('There was a problem connecting to the server. Please try again.')] },
}

export const sessionModel: PathPlan<typeof sessionMachine> = {
  name: 'session',
  machine: sessionMachine,
  actors: Object.keys(fixtures),
  // The app leaves for '/' on this action.
  effects: { actions: { goHome: () => sentHome } },
  // The area opens on another page (Profile), or on My Licenses, whose first page loads beside the account.
  inputs: [{ identity }, { identity, opensOnLicenses: true }],
  events: [
    { type: 'account.changed', account: { ...account, firstName: 'Caroline' } },
    // She left the organisation her account keys.
    { type: 'organisation.changed', organisation: noOrganisation },
    // My Licenses took the first page the session brought.
    { type: 'licenses.taken' },
    ...actorEvents(fixtures),
  ],
}
