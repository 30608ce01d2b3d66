/** Model of the assigned seats' CSV download for generated paths: tests, the path catalogue and coverage. */
import { assignedCsvMachine } from '@/machines/assigned-csv.machine'
import { actorEvents, type ActorFixtures, type PathPlan } from '@/testkit/model/paths'

export const assignedCsv = 'email,firstName,lastName,plan,assignedAt,lastFeedAccessAt,status\r\nada@example.com,Ada,Lovelace,Commercial,2026-11-20T14:05:00.000Z,,active\r\n'
export const csvFailure = "We're experiencing technical difficulties. Please try again later or contact support if the problem persists."

export const fixtures: ActorFixtures<typeof assignedCsvMachine> = {
  downloadCsv: { done: [assignedCsv], error: [new Error(csvFailure)] },
}

export const assignedCsvModel: PathPlan<typeof assignedCsvMachine> = {
  name: 'assignedCsv',
  machine: assignedCsvMachine,
  actors: Object.keys(fixtures),
  events: [{ type: 'csv.download' }, { type: 'error.dismiss' }, ...actorEvents(fixtures)],
}

/** Why no browser tour (e2e/tours/) walks this flow, and which browser tests run it: the QA atlas prints it on its states. */
export const noTour = 'Download CSV on Manage Licenses; e2e/feed-tokens.mutating.spec.ts downloads it, and the fault matrix fails it (e2e/faults/).'
