import type { Page } from '@playwright/test'
import type { EventObject } from 'xstate'
import { flows } from '@/testkit/model/node-flows'
import { expectedAlong } from '@/testkit/model/oracle'
import { oracleStepOf } from '@/testkit/model/oracle-paths'
import { recordOracleInBrowser } from './model-coverage'
import { expectOracleRowShown, type TourView } from './view-row'

/** A flow's test kit (its oracle, its view table) by its model's name. */
export function kitOf(flow: string) {
  const kit = flows.find((candidate) => candidate.model.name === flow)
  if (!kit) throw new Error(`No test kit for the machine ${flow}`)
  return kit
}

/**
 * After the events sent so far, checks that the page shows the view-table row of the state the
 * flow's oracle says it is in (expectOracleRowShown), and records that state, and the oracle's move
 * into it or the refusal it checked, for the browser level's oracle coverage.
 */
export async function expectOracleStep(page: Page, flow: string, view: Omit<TourView, 'table'> | undefined, input: unknown, sent: readonly EventObject[], planned?: readonly string[]) {
  const kit = kitOf(flow)
  const shown = await expectOracleRowShown(page, { ...view, table: kit.viewTable }, kit.oracle, input, sent, planned)
  const { states, step } = oracleStepOf(kit.oracle, input, expectedAlong(kit.oracle, input, sent.slice(0, -1)), sent.at(-1), shown)
  recordOracleInBrowser(kit.model.machine.id as string, states, step)
}
