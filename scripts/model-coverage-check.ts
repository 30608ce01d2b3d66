import { allModels } from '../testkit/model/node-flows'
import { coverageTable, readRecorded } from '../testkit/model/coverage-report'

import { modelCoverageDir } from '../testkit/model/recorded-levels'

export { modelCoverageDir }
const levels = ['machine', 'component'] as const

/**
 * Prints, per machine and level, the states and transitions the model-based tests ran out of the
 * total; returns how many machines are below 100% at a level (each is named on stderr).
 */
export function reportModelCoverage(): number {
  let incomplete = 0
  for (const level of levels) {
    const { lines, belowFull } = coverageTable(allModels, readRecorded(modelCoverageDir, level))
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
  return incomplete
}
