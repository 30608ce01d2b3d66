import { spawnSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { allModels } from '../testkit/models/models'
import { coverageTable, readRecorded } from '../testkit/model/coverage-report'

/**
 * `npm run test:model`: runs the model-based tests (the generated paths of every machine, replayed
 * on the machine and on its views) while recording, through XState's inspection, the states each
 * machine actor entered and the transitions it took (testkit/model/recorder.ts). Then prints per
 * machine and level what ran out of the total. Fails when a test fails or a machine is below 100%
 * at the machine or at the component level.
 */
const modelTestFilters = ['tests/machines/', '.component.test.']
const recordedDir = '.coverage-model'
const levels = ['machine', 'component'] as const

rmSync(recordedDir, { recursive: true, force: true })
const vitest = spawnSync('node_modules/.bin/vitest', ['run', ...modelTestFilters], { stdio: 'inherit', env: { ...process.env, MODEL_COVERAGE_DIR: recordedDir } })

let incomplete = 0
for (const level of levels) {
  const { lines, belowFull } = coverageTable(allModels, readRecorded(recordedDir, level))
  console.log(`\nModel coverage, ${level} level: states and transitions of each machine that the tests ran\n`)
  lines.forEach((line) => console.log(line))
  for (const { machine, missing } of belowFull) console.error(`\n${machine} (${level} level) is below 100%: ${missing.join('; ')}`)
  incomplete += belowFull.length
}
if (incomplete)
  console.error(
    '\nEvery machine must reach 100% of its states and transitions at the machine and component levels: replay its paths there (tests/support/run-paths.ts, tests/support/pending-api.tsx).',
  )
else console.log(`\nAll ${allModels.length} machines: 100% of states and transitions at the machine and component levels.`)
process.exit(vitest.status !== 0 ? (vitest.status ?? 1) : incomplete ? 1 : 0)
