import { defineConfig } from 'vitest/config'
import { everyFileIsolated, filesInOrder, testProjects } from './scripts/mutation/test-projects'
import base from './vitest.config'

/**
 * The tests `npm run test:mutation:server` runs against the server's rules (stryker.server.config.mjs):
 * the API contract tests and the rule tests of licensing and the feed, on PGlite. Left out: the
 * production-mode and two-instance tests (whole processes, and PostgreSQL), the real NuGet client
 * (dotnet and nginx), the mail, database, local-stack and web tests, which reach these rules only
 * through the API tests' own paths or not at all. Stryker narrows them further to the files that
 * import a mutated module (`vitest.related`), and each mutant to the tests that ran its code.
 */
const ruleTests = /^tests\/server\/(api|licensing|feed)\//
/** The rules' own tests first (no database), then the feed's and the API's, each of which starts PGlite. */
const RulesFirst = filesInOrder([/\/tests\/server\/licensing\//, /\/tests\/server\/feed\//])

export default defineConfig({
  // '@/…' is the project's root, as tsconfig.json's paths say.
  resolve: { tsconfigPaths: true },
  ...base,
  test: {
    ...base.test,
    // Instrumented code on a shared machine: an API test that starts PGlite can take several times its usual time.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    sequence: { ...base.test?.sequence, sequencer: RulesFirst },
    // A test file that fails to load fails the mutant's run, as it fails `npm test`.
    reporters: ['default', './scripts/mutation/load-failures-fail.ts'],
    // The rules' status lists and SQL are static mutants: every file loads them anew.
    projects: everyFileIsolated(testProjects((path) => ruleTests.test(path))),
  },
})
