import { mutationConfig } from './scripts/mutation/mutation-config'
import { everyFileIsolated, filesInOrder, testProjects } from './scripts/mutation/test-projects'

/**
 * The tests `npm run test:mutation:server` runs against the server's rules (stryker.server.config.mjs):
 * the API contract tests and the rule tests of licensing and the feed, on PGlite. Left out: the
 * production-mode and two-instance tests (whole processes, and PostgreSQL), the real NuGet client
 * (dotnet and nginx) and the .NET license verifier (a dotnet build of its own), the mail, database, local-stack and web tests, which reach these rules only
 * through the API tests' own paths or not at all. Stryker narrows them further to the files that
 * import a mutated module (`vitest.related`), and each mutant to the tests that ran its code.
 */
const ruleTests = /^tests\/server\/(api|licensing|feed)\//
const realPrograms = ['tests/server/licensing/dotnet-verifier.test.ts']
/** The rules' own tests first (no database), then the feed's and the API's, each of which starts PGlite. */
const RulesFirst = filesInOrder([/\/tests\/server\/licensing\//, /\/tests\/server\/feed\//])

export default mutationConfig({
  sequencer: RulesFirst,
  // The rules' status lists and SQL are static mutants: every file loads them anew.
  projects: everyFileIsolated(testProjects((path) => ruleTests.test(path) && !realPrograms.includes(path))),
  test: { hookTimeout: 180_000 },
})
