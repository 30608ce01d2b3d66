// @ts-check
import process from 'node:process'

/** `npm run test:mutation:quick` (tests that render no view; vitest.stryker.config.ts) reports apart. */
/** MUTATION_REPORT_DIR: a run of some files (`-- --mutate <files>`) can keep its report apart. */
const reportDir = process.env.MUTATION_REPORT_DIR ?? (process.env.MUTATION_WITHOUT_VIEWS === '1' ? 'reports/mutation-quick' : 'reports/mutation')

/**
 * `npm run test:mutation`: StrykerJS changes the code the portal's rules live in, one small change
 * (a mutant) at a time, and runs the tests that reach it; a mutant no test notices "survives".
 * A report, not part of `npm test`. Survivors judged equivalent: docs/decisions/0015-mutation-testing.md.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner', './scripts/mutation/machine-notes-ignorer.mjs', './scripts/mutation/mutant-log-reporter.mjs'],
  ignorers: ['MachineNotes'],
  vitest: { configFile: 'vitest.stryker.config.ts' },
  // Every machine (by glob, so new machines are mutated too), every selector, and the pure modules
  // the views and the API client read their rules and texts from.
  mutate: ['machines/**/*.ts', 'src/**/*.select.ts', 'src/api/errors.ts', 'src/api/client.ts', 'common/format.ts', 'common/plans.ts'],
  // Each mutant runs only the tests that executed its code in the first, unmutated run.
  coverageAnalysis: 'perTest',
  // Mutants in code that runs once, when a module loads (a machine's definition: its states,
  // targets and event names; the plan list), would each need every related test file: 78% of the
  // mutants and hours of a 2-core machine. Left out here; `-- --ignoreStatic false` runs them too
  // (docs/decisions/0015-mutation-testing.md).
  ignoreStatic: true,
  // Two test processes: the machine has two cores.
  concurrency: 2,
  // A mutated view fails its test when a query gives up (5 s, scripts/mutation/patient-queries.ts);
  // a shorter allowance than that made it a timeout instead, and each timeout restarts a test process.
  timeoutMS: 20_000,
  // The first, unmutated run of every test took 4.5 min on the shared machine and more under load;
  // Stryker's default of 5 min failed it.
  dryRunTimeoutMinutes: 20,
  // mutant-log: each result as it comes (mutants.jsonl beside the JSON report; scripts/mutation/mutant-log-reporter.mjs).
  reporters: ['clear-text', 'html', 'json', 'progress', 'mutant-log'],
  htmlReporter: { fileName: `${reportDir}/index.html` },
  jsonReporter: { fileName: `${reportDir}/mutation.json` },
  clearTextReporter: { allowColor: false, logTests: false, reportMutants: true, reportScoreTable: true },
  // `npm run test:mutation -- --incremental` reuses the last run's results for unchanged code and
  // tests (git-ignored file; see the decision record for why a full run is the default).
  incrementalFile: `${reportDir}/stryker-incremental.json`,
  thresholds: { high: 90, low: 80, break: null },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
}
