import { readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { FullConfig, FullResult, Reporter, Suite } from '@playwright/test/reporter'
import { allModels, flows } from '@/testkit/model/node-flows'
import { coverageTable, mergeRecorded, readRecorded } from '@/testkit/model/coverage-report'
import { oracleCoverageTable } from '@/testkit/model/oracle-coverage'
import { browserCannotReach } from '@/testkit/model/browser-reach'
import { modelCoverageDir } from './model-coverage'

/** The machines the browser tests must run completely (issue 18); the rest print their figure. */
const complete = ['auth', 'manageLicenses', 'upgrade']

/** Transitions no browser can take (testkit/model/browser-reach.ts); the machine and component levels take them. */
const unreachableInBrowser: Readonly<Record<string, readonly string[]>> = Object.fromEntries(Object.entries(browserCannotReach).map(([machine, reasons]) => [machine, Object.keys(reasons)]))

/** Command-line filters that select tests within files, which the suite itself does not show. */
const testFilters = /^(-g|--grep|--grep-invert|--last-failed|--only-changed|--test-list)/

/**
 * Prints, once the run ends, what ran of each machine in the browsers (recorded by the fixture of
 * e2e/support/model-coverage.ts): states and transitions out of the machine's total, at the browser
 * level. A run of the whole suite fails when auth, manageLicenses or upgrade is below 100%; a run
 * of some files or tests only prints its figures.
 */
export default class ModelCoverageReporter implements Reporter {
  private folders: string[] = []
  private wholeSuite = false

  onBegin(config: FullConfig, suite: Suite) {
    this.folders = [...new Set(config.projects.map((project) => modelCoverageDir(project.outputDir)))]
    // Nothing of an earlier run counts (the workers start after this).
    this.folders.forEach((folder) => rmSync(folder, { recursive: true, force: true }))
    this.wholeSuite = isWholeSuite(config, suite)
  }

  async onEnd(result: FullResult) {
    const executed = mergeRecorded(this.folders.map((folder) => readRecorded(folder, 'browser')))
    if (Object.keys(executed).length === 0) return
    const { lines, belowFull } = coverageTable(allModels, executed)
    const incomplete = belowFull
      .filter(({ machine }) => complete.includes(machine))
      .map(({ machine, missing }) => ({ machine, missing: missing.filter((item) => !unreachableInBrowser[machine]?.includes(item.replace(/^transition /, ''))) }))
      .filter(({ missing }) => missing.length > 0)
    const out = ['', 'Model coverage, browser level: states and transitions of each machine that the browser tests ran', '', ...lines]
    for (const { machine, missing } of incomplete) out.push('', `${machine} (browser level) is below 100%: ${missing.join('; ')}`)
    for (const [machine, keys] of Object.entries(unreachableInBrowser)) out.push('', `${machine}: not reachable in a browser (decision 0016): ${keys.join('; ')}`)
    out.push('', "Oracle coverage, browser level: states and transitions of each flow's oracle that the tours checked the page against", '', ...oracleCoverageTable(flows, executed))
    if (!incomplete.length) out.push('', `${complete.join(', ')}: 100% of the states and transitions a browser can reach.`)
    else if (!this.wholeSuite) out.push('', `A run of part of the suite: ${complete.join(', ')} must reach 100% in a run of the whole suite.`)
    process.stdout.write(`${out.join('\n')}\n`)
    if (incomplete.length && this.wholeSuite && result.status === 'passed') return { status: 'failed' as const }
  }
}

/**
 * Whether every test of every project was selected: no project, shard or test filter on the
 * command line, and every spec file under the test folders in the run. (A `test.only` left in a
 * file also narrows the run; CI forbids it.)
 */
function isWholeSuite(config: FullConfig, suite: Suite) {
  if (config.filteredProjects.length !== config.projects.length || config.shard) return false
  if (config.argv.some((argument) => testFilters.test(argument))) return false
  const selected = new Set(suite.allTests().map((test) => test.location.file))
  const testDirs = [...new Set(config.projects.map((project) => project.testDir))]
  return testDirs.every((dir) => specFiles(dir).every((file) => selected.has(file)))
}

function specFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.spec.ts'))
    .map((name) => join(dir, name))
}
