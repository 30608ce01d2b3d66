/** Model of the license file's download for generated paths: tests, the path catalogue and coverage. */
import { licenseFileMachine } from '@/machines/license-file.machine'
import { actorEvents, type ActorFixtures, type PathPlan } from '@/testkit/model/paths'
import { savesLicenseFile } from './license-file.oracle'

/** A license file as the portal signs it: three base64url parts (the header, the claims, the signature). */
export const licenseFile = 'eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCIsImtpZCI6ImsxIn0.eyJzdWIiOiJzZWF0XzEiLCJwbGFuIjoiY29tbWVyY2lhbC1wbHVzIn0.c2lnbmF0dXJl'
export const fileFailure = "We're experiencing technical difficulties. Please try again later or contact support if the problem persists."
/** The seat the paths download the file of. */
export const seatId = 'seat_plus_1'

export const fixtures: ActorFixtures<typeof licenseFileMachine> = {
  downloadLicenseFile: { done: [licenseFile], error: [new Error(fileFailure)] },
}

export const licenseFileModel: PathPlan<typeof licenseFileMachine> = {
  name: 'licenseFile',
  machine: licenseFileMachine,
  actors: Object.keys(fixtures),
  // The view hands the file to the browser to save on this action.
  effects: { actions: { saveFile: (params: { file: string }) => savesLicenseFile(params.file) } },
  events: [{ type: 'file.download', licenseId: seatId }, { type: 'error.dismiss' }, ...actorEvents(fixtures)],
}
