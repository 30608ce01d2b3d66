/** Model of the key rotation machine for generated paths: tests, the path catalogue and coverage. */
import { keyRotationMachine, type RotationSeat } from '@/machines/key-rotation.machine'
import { actorEvents, type ActorFixtures, type PathPlan } from '@/testkit/model/paths'

/** The seat of Ada Lovelace, as Manage Licenses names it. */
export const adaSeat: RotationSeat = { licenseId: 'seat_new', holderName: 'Ada Lovelace', holderEmail: 'ada@example.com' }
/** A request naming no seat: refused before anything is sent. */
export const noSeat: RotationSeat = { licenseId: ' ', holderName: 'Nobody', holderEmail: 'nobody@example.com' }
export const newKey = 'PRSM-NEWKY-11111-22222-33333-44444'

export const fixtures: ActorFixtures<typeof keyRotationMachine> = {
  regenerateKey: { done: [{ licenseId: adaSeat.licenseId, licenseKey: newKey }], error: [new Error("The requested information couldn't be found. Please try again or contact support.")] },
}

export const keyRotationModel: PathPlan<typeof keyRotationMachine> = {
  name: 'keyRotation',
  machine: keyRotationMachine,
  actors: Object.keys(fixtures),
  // Whom it tells (docs/decisions/0035): its replays check what they are told against the oracle.
  addressees: ['licenses', 'keyDialog', 'activity'],
  // Nobody to tell: the machine alone (its rules test gives it whom it tells).
  inputs: [{}],
  events: [
    { type: 'rotation.request', seat: adaSeat },
    { type: 'rotation.request', seat: noSeat },
    { type: 'rotation.confirm' },
    { type: 'rotation.retry' },
    { type: 'rotation.close' },
    ...actorEvents(fixtures),
  ],
}
