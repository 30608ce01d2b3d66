import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { AnyStateMachine } from 'xstate'
import { executedCoverage } from './coverage.ts'
import type { PathPlan } from './paths'
import { refusalsField, type ExecutedByMachine, type Level } from './recorder'
import type { RecordedLevels } from './coverage-levels'

/** Every run recorded at a level (files written by `writeRecorded`), merged by machine id. */
export function readRecorded(dir: string, level: Level): ExecutedByMachine {
  const folder = join(dir, level)
  const files = existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith('.json')) : []
  return mergeRecorded(files.map((file) => JSON.parse(readFileSync(join(folder, file), 'utf8')) as ExecutedByMachine))
}

/** Several records of what ran, as one: by machine id, each state, transition and guard outcome once. */
export function mergeRecorded(records: readonly ExecutedByMachine[]): ExecutedByMachine {
  const merged: Record<string, { states: Set<string>; transitions: Set<string>; guards: Set<string>; refusals: Set<string> }> = {}
  for (const recorded of records) {
    for (const [id, { states, transitions, guards, refusals }] of Object.entries(recorded)) {
      merged[id] ??= { states: new Set(), transitions: new Set(), guards: new Set(), refusals: new Set() }
      states.forEach((state) => merged[id]!.states.add(state))
      transitions.forEach((transition) => merged[id]!.transitions.add(transition))
      guards?.forEach((guard) => merged[id]!.guards.add(guard))
      refusals?.forEach((refusal) => merged[id]!.refusals.add(refusal))
    }
  }
  return Object.fromEntries(
    Object.entries(merged).map(([id, { states, transitions, guards, refusals }]) => [id, { states: [...states], transitions: [...transitions], guards: [...guards], ...refusalsField(refusals) }]),
  )
}

/**
 * What the last runs recorded: the machine and component levels where `npm run test:model` (and
 * `npm test`) write them, the browser level in each folder the browser runs write theirs to.
 */
export function readLevels(modelDir: string, browserDirs: readonly string[]): RecordedLevels {
  const level = (executed: ExecutedByMachine) => ({ executed, recorded: Object.keys(executed).length > 0 })
  return {
    machine: level(readRecorded(modelDir, 'machine')),
    component: level(readRecorded(modelDir, 'component')),
    browser: level(mergeRecorded(browserDirs.map((dir) => readRecorded(dir, 'browser')))),
  }
}

export const percent = (covered: number, total: number) => (total === 0 ? 100 : Math.floor((covered / total) * 100))

/**
 * A table of what ran of each model's machine, out of its states and transitions, and the
 * machines below 100% with what they miss.
 */
export function coverageTable(models: readonly PathPlan<AnyStateMachine>[], executed: ExecutedByMachine) {
  const rows = models.map((model) => {
    const { states, transitions } = executedCoverage(model.machine, executed[model.machine.id])
    return {
      machine: model.name,
      states: `${states.covered}/${states.total} (${percent(states.covered, states.total)}%)`,
      transitions: `${transitions.covered}/${transitions.total} (${percent(transitions.covered, transitions.total)}%)`,
      missing: [...states.missing.map((id) => `state ${id}`), ...transitions.missing.map((key) => `transition ${key}`)],
    }
  })
  return { lines: tableLines(rows), belowFull: rows.filter((row) => row.missing.length).map(({ machine, missing }) => ({ machine, missing })) }
}

/** Rows of a machine (or flow), its states and its transitions (and an oracle's refusals, where given), as a table's lines. */
export function tableLines(rows: readonly { machine: string; states: string; transitions: string; refusals?: string }[]) {
  const columns = rows.some((row) => row.refusals !== undefined) ? (['machine', 'states', 'transitions', 'refusals'] as const) : (['machine', 'states', 'transitions'] as const)
  const cell = (row: (typeof rows)[number], column: (typeof columns)[number]) => row[column] ?? ''
  const widths = columns.map((column) => Math.max(column.length, ...rows.map((row) => cell(row, column).length)))
  const line = (cells: readonly string[]) =>
    cells
      .map((text, index) => text.padEnd(widths[index]!))
      .join('  ')
      .trimEnd()
  return [line(columns), line(widths.map((width) => '-'.repeat(width))), ...rows.map((row) => line(columns.map((column) => cell(row, column))))]
}
