// @ts-check
import base from './stryker.config.mjs'

/**
 * `npm run test:mutation:server`: the server's rules, mutated against their API and rule tests
 * (vitest.stryker.server.config.ts, on PGlite): which seats an owner may give and which a
 * subscription's status keeps (licensing/standing, seat-assignment), what an account may buy
 * (licensing/checkout-rules), who the package feed lets in (feed/credential-check), and a payment
 * event applied once (payments/webhook). A report apart from the portal's
 * (reports/mutation-server/); static mutants included, as there are few: the status lists and the
 * SQL statements are the rules. One test process: the machine is shared.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  ...base,
  plugins: ['@stryker-mutator/vitest-runner', './scripts/mutation/mutant-log-reporter.mjs'],
  ignorers: [],
  vitest: { configFile: 'vitest.stryker.server.config.ts' },
  mutate: ['server/licensing/checkout-rules.ts', 'server/licensing/seat-assignment.ts', 'server/licensing/standing.ts', 'server/feed/credential-check.ts', 'server/payments/webhook.ts'],
  ignoreStatic: false,
  concurrency: 1,
  // The first, unmutated run starts PGlite for every API test file.
  dryRunTimeoutMinutes: 30,
  htmlReporter: { fileName: 'reports/mutation-server/index.html' },
  jsonReporter: { fileName: 'reports/mutation-server/mutation.json' },
  incrementalFile: 'reports/mutation-server/stryker-incremental.json',
}
