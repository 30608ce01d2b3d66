// @ts-check
import process from 'node:process'
import base from './stryker.config.mjs'

/** MUTATION_REPORT_DIR: a run of some files (`-- --mutate <files>`) can keep its report apart. */
const reportDir = process.env.MUTATION_REPORT_DIR ?? 'reports/mutation-static'

/**
 * `npm run test:mutation:static`: the machines, the error catalogue and the plans with their
 * static mutants too (code that runs once, when its module loads: a machine's states, targets,
 * event names, guard references and `assign`s of a literal; the error table; the plan list, prices
 * and seat limits), which `stryker.config.mjs` leaves out. Per-test coverage cannot say which test
 * a static mutant affects, so each runs every test file that imports its module (`vitest.related`),
 * quick files first, stopping at the first failure. The npm script runs the tests that render no
 * view (MUTATION_WITHOUT_VIEWS=1, a floor of the score with them): with the views, a surviving
 * static mutant costs two minutes of component tests. One test process: the machine is shared.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  ...base,
  mutate: ['machines/**/*.ts', 'src/api/errors.ts', 'common/plans.ts'],
  ignoreStatic: false,
  // Every test file loads the mutated modules anew (vitest.stryker.static.config.ts).
  vitest: { configFile: 'vitest.stryker.static.config.ts' },
  concurrency: 1,
  htmlReporter: { fileName: `${reportDir}/index.html` },
  jsonReporter: { fileName: `${reportDir}/mutation.json` },
  incrementalFile: `${reportDir}/stryker-incremental.json`,
}
