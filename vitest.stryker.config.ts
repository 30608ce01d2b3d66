import { readFileSync } from 'node:fs'
import { mutationConfig } from './scripts/mutation/mutation-config'
import { filesInOrder, testProjects } from './scripts/mutation/test-projects'
import base from './vitest.config'

/**
 * The tests Stryker runs (`npm run test:mutation`): the project's own Vitest configuration without
 * the tests of the server side. Those start PGlite, the payment sandbox or whole instances, take
 * most of the run, and test code Stryker does not mutate (machines, selectors, the API client, the
 * formats and the plans); the machine, model, selector, API-client and component tests stay. Stryker
 * narrows these further to the files that import a mutated module (`vitest.related`).
 */
const serverTestFolders = /^tests\/server\//
/** A test that imports the server, by '@/' or by a climb: it tests the server, not what this run mutates. */
const importsServer = /from '(@\/|(\.\.\/)+)(testkit\/|tests\/support\/)?server\//
/**
 * The committed charts are a change detector, not a statement of the rules: any change to a machine
 * fails it until `npm run charts` is run again. Left out, the score counts only tests that say what
 * the machines must do. The oracles' anchors read a machine's source text and apply a wrong
 * transition to a copy of it: in Stryker's sandbox that text is the instrumented one, where the
 * anchor's source is no longer found, so they fail before any mutant runs.
 */
const changeDetectors = ['tests/flows/charts.test.ts', 'tests/mutation-anchors/model-oracles.test.ts']
/** The scripts' own tests (the QA atlas's pages): they read the machines, and say nothing of what the machines must do. */
const scriptTests = /^tests\/scripts\//

/**
 * `npm run test:mutation:quick`: only the tests that render no view (React test files are .tsx).
 * Each mutant a view test kills costs seconds of rendering, and a mutated view that never settles
 * costs a timeout and a restarted test process; without them the run takes minutes, and its score
 * is a floor of the full run's: every mutant killed here is killed there too.
 */
const withoutViews = process.env.MUTATION_WITHOUT_VIEWS === '1'
const rendersViews = (path: string) => withoutViews && path.endsWith('.tsx')

const leftOut = (path: string) => serverTestFolders.test(path) || scriptTests.test(path) || changeDetectors.includes(path) || rendersViews(path) || importsServer.test(readFileSync(path, 'utf8'))

/**
 * Quick tests first: Stryker stops a mutant's run at its first failing test, and most mutants of a
 * machine's definition (evaluated once, when the module loads, so every related test file must run)
 * fail a machine test long before the slower component paths. The hand-written machine and rules
 * tests come before the flows' paths: a machine that holds another (Manage Licenses the upgrade)
 * brings that flow's paths along, thousands of tests.
 */
const QuickTestsFirst = filesInOrder([/\/tests\/flows\/.*\.(machine|rules)\.test\.ts$/, /\/tests\/flows\/.*\.paths\.test\.ts$/, /(?<!\.component)\.test\.tsx?$/])

export default mutationConfig({
  sequencer: QuickTestsFirst,
  projects: testProjects((path) => !leftOut(path)),
  test: { setupFiles: [...[base.test?.setupFiles ?? []].flat(), 'scripts/mutation/patient-queries.ts'] },
})
