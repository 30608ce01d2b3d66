/** Model of the My Licenses machine for generated paths: tests, the path catalogue and coverage. */
import type { EventObject } from 'xstate'
import { myLicensesMachine, type FirstPage } from '@/machines/my-licenses.machine'
import { actorEvents, type ActorFixtures, type PathPlan } from '@/testkit/model/paths'
import { plusLicense, regeneratedKey } from './my-licenses.fixtures'

export { plusLicense, regeneratedKey }

export const fixtures: ActorFixtures<typeof myLicensesMachine> = {
  loadLicenses: { done: [[plusLicense], []], error: [new Error('There was a problem connecting to the server. Please try again.')] },
  // What the session had of its first page: the cards, none of them, its failure, or nothing left to take.
  awaitFirstPage: {
    done: [
      { found: 'licenses', licenses: [plusLicense] },
      { found: 'licenses', licenses: [] },
      { found: 'failure', message: 'There was a problem connecting to the server. Please try again.' },
      { found: 'none' },
    ],
    error: [],
  },
}

export const myLicensesModel: PathPlan<typeof myLicensesMachine> = {
  name: 'myLicenses',
  machine: myLicensesMachine,
  actors: Object.keys(fixtures),
  // Whom it tells (docs/decisions/0035): its replays check what they are told against the oracle.
  addressees: ['session'],
  // Opened from elsewhere in the area it loads its cards; opened with the area, it takes the first page the session asked for (decision 0036).
  inputs: [undefined, { fromSession: true }],
  events: [{ type: 'licenses.reload' }, { type: 'license.discordConnected' }, { type: 'license.keyRegenerated', licenseId: plusLicense.id, licenseKey: regeneratedKey }, ...actorEvents(fixtures)],
}

/** What the session had of its first page when it came, along a path's steps (as answered to `awaitFirstPage`). */
export const firstPagesAlong = (steps: readonly { event: EventObject }[]) =>
  steps.flatMap(({ event }) => (event.type === 'xstate.done.actor.awaitFirstPage' ? [(event as EventObject & { output: FirstPage }).output] : []))
