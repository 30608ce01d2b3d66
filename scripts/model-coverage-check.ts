import { allModels, flows } from '../testkit/model/node-flows'
import { coverageTable, readRecorded } from '../testkit/model/coverage-report'
import { oracleCoverageTable } from '../testkit/model/oracle-coverage'

import { modelCoverageDir } from '../testkit/model/recorded-levels'

export { modelCoverageDir }
const levels = ['machine', 'component'] as const

/**
 * Prints, per machine and level, the states and transitions the model-based tests ran out of the
 * total, and beside it what they checked of each flow's oracle; returns how many machines are below
 * 100% at a level (each is named on stderr). The oracle's figures are reported, not held to 100%:
 * the component and browser paths are planned from the machine. The machine level replays every
 * refusal the oracle plans; the component walks send the refusals in every state they rest in, the
 * browser in each state of the accessibility sweep and the upgrade wizard's sandbox paths, and at
 * every tour's end (decisions 0061, 0073, 0074).
 */
export function reportModelCoverage(): number {
  let incomplete = 0
  for (const level of levels) {
    const recorded = readRecorded(modelCoverageDir, level)
    const { lines, belowFull } = coverageTable(allModels, recorded)
    console.log(`\nModel coverage, ${level} level: states and transitions of each machine that the tests ran\n`)
    lines.forEach((line) => console.log(line))
    console.log(`\nOracle coverage, ${level} level: states and transitions of each flow's oracle that the tests checked the machine against\n`)
    oracleCoverageTable(flows, recorded).forEach((line) => console.log(line))
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
