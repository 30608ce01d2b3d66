import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { tours } from '../e2e/tours/tours'
import { allModels, flows } from '../testkit/model/node-flows'
import { machineLevels } from '../testkit/model/coverage-levels'
import { atlasRunDir, lastRecordedLevels } from '../testkit/model/recorded-levels'
import { browserCannotReach } from '../testkit/model/browser-reach'
import { drawDiagrams } from './atlas/diagrams'
import { coverageSummary, guardTable, notReachedByBrowser, tintLabels } from './atlas/coverage'
import { coverageDiagram } from '../src/devtools/coverage-diagram'
import { indexPage, machinePage, screenshotSummary, type AtlasMachine } from './atlas/pages'
import { requirementsPage } from './atlas/requirements-page'
import { captureAt, commitOf } from './atlas/against'
import { changesPage } from './atlas/changes-page'
import { compareRuns } from './atlas/compare'
import { readRecords } from './atlas/records'
import { redNotes, stateRows } from './atlas/states'
import { traceRequirements } from '../testkit/requirements/trace'
import { chartFiles } from './charts/files'
import { run } from './processes'
import { phaseTimer } from './atlas/timings'

/**
 * `npm run atlas`: the QA atlas in reports/atlas/ (git-ignored). Builds the site, walks the browser
 * tours once with screenshots (playwright.atlas.config.ts, on E2E_PORT), draws each machine's
 * committed diagram, and writes one page per machine and an index that open from the file system.
 * `-- --skip-build` uses the dist/ there is; `-- --pages-only` rewrites the pages from the last
 * run's screenshots. `-- --against <ref>` also takes that commit's screenshots the same way and
 * compares each screen (changes.html). `-- --tours <pattern>` photographs only the tours of the
 * machines it matches. Exits non-zero when a tour fails or a page's machine was not where its
 * flow's oracle says (each such screenshot has a red note).
 */
const atlasDir = 'reports/atlas'
/** The atlas's browser run's own output (playwright.atlas.config.ts): its browser coverage, apart from npm test's. */
const skipBuild = process.argv.includes('--skip-build')
const pagesOnly = process.argv.includes('--pages-only')
const toursChosen = process.argv.includes('--tours') ? process.argv[process.argv.indexOf('--tours') + 1] : undefined
const againstRef = process.argv.includes('--against') ? process.argv[process.argv.indexOf('--against') + 1] : undefined
if (process.argv.includes('--against') && !againstRef) throw new Error('--against needs a git ref: npm run atlas -- --against HEAD')
const against = againstRef ? { ref: againstRef, commit: commitOf(againstRef) } : undefined
/** Under the atlas folder: the other commit's screenshots and records. */
const beforeDir = 'against'
const timer = phaseTimer()

let browserRun: Error | undefined
if (!pagesOnly) {
  rmSync(atlasDir, { recursive: true, force: true })
  rmSync(atlasRunDir, { recursive: true, force: true })
  mkdirSync(atlasDir, { recursive: true })
  if (!skipBuild) await timer.time('build', () => run('npm', ['run', 'build']))
  // A failed tour still leaves the others' screenshots: the pages say which states have none.
  browserRun = await timer.time('browser', () =>
    run('node_modules/.bin/playwright', ['test', '--config', 'playwright.atlas.config.ts'], {
      ATLAS_DIR: resolve(atlasDir),
      ...(toursChosen ? { ATLAS_TOURS: toursChosen } : {}),
    }).then(
      () => undefined,
      (error: Error) => error,
    ),
  )
  if (against) {
    const otherRun = await timer.time(against.ref, () => captureAt(against.commit, join(atlasDir, beforeDir), toursChosen))
    if (otherRun) console.warn(`The browser run of ${against.ref} failed (${otherRun.message}): its screens it did not reach show as new.`)
  }
}

const stale = [...chartFiles(allModels)].filter(([path, content]) => path.endsWith('.md') && readFileSync(path, 'utf8') !== content).map(([path]) => path)
if (stale.length) console.warn(`The committed diagrams are older than the machines (${stale.join(', ')}): run npm run charts.`)

// What the last test runs took at each level: the model tests' records, the browser runs' (npm test's and this one's).
const recorded = lastRecordedLevels()
const levels = new Map(allModels.map((model) => [model.name, machineLevels(model.machine, recorded)]))
const svgs = await timer.time('diagrams', () => drawDiagrams(new Map(allModels.map((model) => [model.name, coverageDiagram(model.machine, levels.get(model.name)!)]))))
mkdirSync(join(atlasDir, 'diagrams'), { recursive: true })
for (const [name, svg] of svgs) writeFileSync(join(atlasDir, 'diagrams', `${name}.svg`), tintLabels(svg))

const records = readRecords(atlasDir)
const changes = against ? compareRuns(atlasDir, records, beforeDir, readRecords(join(atlasDir, beforeDir))) : undefined
if (against && changes) writeFileSync(join(atlasDir, 'changes.html'), changesPage(changes, against))

const machines: AtlasMachine[] = flows.map((kit) => ({
  model: kit.model,
  toured: kit.model.name in tours,
  rows: stateRows(kit, tours[kit.model.name], records),
  svg: tintLabels(svgs.get(kit.model.name)!),
  coverage: {
    summary: `${coverageSummary(levels.get(kit.model.name)!, recorded)}\n${guardTable(levels.get(kit.model.name)!)}`,
    notReached: notReachedByBrowser(levels.get(kit.model.name)!, browserCannotReach[kit.model.name]),
    browserRecorded: recorded.browser.recorded,
  },
}))
for (const machine of machines) writeFileSync(join(atlasDir, `${machine.model.name}.html`), machinePage(machine))
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim()
writeFileSync(join(atlasDir, 'requirements.html'), requirementsPage(traceRequirements(allModels.map((model) => model.machine)).traced, new Set(allModels.map((model) => model.machine.id))))
writeFileSync(join(atlasDir, 'index.html'), indexPage(machines, { date: new Date().toISOString().slice(0, 16).replace('T', ' '), commit, against: against?.ref }))

const shots = records.reduce((sum, record) => sum + record.captures.length, 0)
const { states, shown, missing, perMachine } = screenshotSummary(machines)
console.log(`\nThe QA atlas: ${resolve(atlasDir, 'index.html')}`)
console.log(`States with a screenshot, per machine: ${perMachine.join(', ')}.`)
console.log(`${machines.length} machines, ${shots} screenshots: ${shown} of ${states} states have one, ${missing.length} have none (each page says why); ${timer.summary()}.`)
if (changes) {
  const changed = changes.filter((change) => change.status !== 'same')
  console.log(`Against ${against!.ref}: ${changed.length ? changed.map((change) => `${change.status} ${change.name}`).join('; ') : 'no screen changed'} (${resolve(atlasDir, 'changes.html')}).`)
}
// A screenshot whose page's machine was not where the oracle says fails the atlas, as a failed tour does.
const disagreements = redNotes(machines)
if (disagreements.length) {
  console.error(`\n${disagreements.length} screenshots show a page whose machine was not where its oracle says:\n${disagreements.join('\n')}`)
  process.exitCode = 1
}
if (browserRun) {
  console.error(`The browser run failed (${browserRun.message}): states it did not reach have no screenshot.`)
  process.exit(1)
}
