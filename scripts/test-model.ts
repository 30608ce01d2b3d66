import { spawnSync } from 'node:child_process'
import { allModels } from '../tests/machines/models'
import { planPaths } from '../tests/model/paths'

/**
 * `npm run test:model`: runs the model-based tests (the generated paths of every machine, replayed
 * on the machine and on its views), then prints per machine the states and transitions that the
 * generated paths cover out of the total. Fails when a test fails or a machine is below 100%.
 */
const modelTestFilters = ['tests/machines/', '.component.test.']

const vitest = spawnSync('node_modules/.bin/vitest', ['run', ...modelTestFilters], { stdio: 'inherit' })

const percent = (covered: number, total: number) => (total === 0 ? 100 : Math.floor((covered / total) * 100))
const rows = allModels.map((model) => {
  const { paths, coverage } = planPaths(model)
  const { states, transitions } = coverage
  return {
    machine: model.name,
    paths: String(paths.length),
    states: `${states.covered}/${states.total} (${percent(states.covered, states.total)}%)`,
    transitions: `${transitions.covered}/${transitions.total} (${percent(transitions.covered, transitions.total)}%)`,
    missing: [...states.missing.map((id) => `state ${id}`), ...transitions.missing.map((key) => `transition ${key}`)],
  }
})

const columns = ['machine', 'paths', 'states', 'transitions'] as const
const widths = columns.map((column) => Math.max(column.length, ...rows.map((row) => row[column].length)))
const line = (cells: readonly string[]) => cells.map((cell, index) => cell.padEnd(widths[index]!)).join('  ').trimEnd()
console.log(`\nModel coverage: states and transitions of each machine reached by its generated paths\n`)
console.log(line(columns))
console.log(line(widths.map((width) => '-'.repeat(width))))
for (const row of rows) console.log(line(columns.map((column) => row[column])))

const incomplete = rows.filter((row) => row.missing.length)
for (const row of incomplete) console.error(`\n${row.machine} is below 100%: ${row.missing.join('; ')}`)
if (incomplete.length) console.error('\nEvery machine must reach 100% of its states and transitions: add events or fixtures to its model in tests/machines/.')
else console.log(`\nAll ${rows.length} machines: 100% of states and transitions.`)
process.exit(vitest.status !== 0 ? (vitest.status ?? 1) : incomplete.length ? 1 : 0)
