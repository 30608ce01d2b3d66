// @ts-check
import process from 'node:process'
import base from './stryker.config.mjs'

/** MUTATION_REPORT_DIR: a run of some files (`-- --mutate <files>`) can keep its report apart. */
const reportDir = process.env.MUTATION_REPORT_DIR ?? 'reports/mutation-server'

/**
 * `npm run test:mutation:server`: the server's rules, mutated against their API and rule tests
 * (vitest.stryker.server.config.ts, on PGlite): which seats an owner may give and which a
 * subscription's status keeps (licensing/standing, seat-assignment), what an account may buy
 * (licensing/checkout-rules) and by invoice (licensing/invoice-order-rules), who the package feed
 * lets in and which versions it gives (feed/credential-check, licensing/coverage), what a scoped
 * feed token covers (feed/token-scope), and a payment event applied once (payments/webhook). A
 * report apart from the portal's (reports/mutation-server/); static mutants included, as there are
 * few: the status lists and the SQL statements are the rules. One test process: the machine is shared.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  ...base,
  plugins: ['@stryker-mutator/vitest-runner', './scripts/mutation/mutant-log-reporter.mjs'],
  ignorers: [],
  vitest: { configFile: 'vitest.stryker.server.config.ts' },
  mutate: [
    'server/licensing/checkout-rules.ts',
    'server/licensing/coverage.ts',
    'server/licensing/invoice-order-rules.ts',
    'server/licensing/seat-assignment.ts',
    'server/licensing/standing.ts',
    'server/feed/credential-check.ts',
    'server/feed/token-scope.ts',
    'server/payments/webhook.ts',
  ],
  ignoreStatic: false,
  concurrency: 1,
  // The first, unmutated run starts PGlite for every API test file.
  dryRunTimeoutMinutes: 30,
  htmlReporter: { fileName: `${reportDir}/index.html` },
  jsonReporter: { fileName: `${reportDir}/mutation.json` },
  incrementalFile: `${reportDir}/stryker-incremental.json`,
}
