/** Model of the assigned seats' CSV download for generated paths: tests, the path catalogue and coverage. */
import { assignedCsvMachine } from '@/machines/assigned-csv.machine'
import { actorEvents, type ActorFixtures, type PathPlan } from '@/testkit/model/paths'
import { savesCsv } from './assigned-csv.oracle'

export const assignedCsv = 'email,firstName,lastName,plan,assignedAt,lastFeedAccessAt,status\r\nada@example.com,Ada,Lovelace,Commercial,2026-11-20T14:05:00.000Z,,active\r\n'
export const csvFailure = "We're experiencing technical difficulties. Please try again later or contact support if the problem persists."

export const fixtures: ActorFixtures<typeof assignedCsvMachine> = {
  downloadCsv: { done: [assignedCsv], error: [new Error(csvFailure)] },
}

export const assignedCsvModel: PathPlan<typeof assignedCsvMachine> = {
  name: 'assignedCsv',
  machine: assignedCsvMachine,
  actors: Object.keys(fixtures),
  // The view hands the file to the browser to save on this action.
  effects: { actions: { saveFile: (params: { csv: string }) => savesCsv(params.csv) } },
  events: [{ type: 'csv.download' }, { type: 'error.dismiss' }, ...actorEvents(fixtures)],
}
