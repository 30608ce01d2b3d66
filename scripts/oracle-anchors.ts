import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { flows } from '../testkit/model/node-flows'

/**
 * `npx tsx scripts/oracle-anchors.ts [model…]`: applies each wrong transition of
 * testkit/flows/<flow>/<flow>.anchors.ts to its machine's source in turn, runs the model tests of
 * `npm run test:model` without the diagram check (which fails for any change of a machine), and
 * restores the source. Fails when a wrong transition passes them; prints the tests that caught each.
 */
const modelTests = ['tests/flows/', '.component.test.']
const wanted = process.argv.slice(2)
const reportDir = mkdtempSync(join(tmpdir(), 'oracle-anchors-'))
let missed = 0
for (const anchor of flows.flatMap((kit) => kit.anchors).filter((each) => !wanted.length || wanted.includes(each.model))) {
  const original = readFileSync(anchor.file, 'utf8')
  if (original.split(anchor.source).length !== 2) throw new Error(`${anchor.file} must hold '${anchor.source}' once`)
  const report = join(reportDir, `${anchor.model}.json`)
  writeFileSync(anchor.file, original.replace(anchor.source, anchor.wrong))
  try {
    spawnSync('node_modules/.bin/vitest', ['run', ...modelTests, '--exclude', 'tests/flows/charts.test.ts', '--reporter=json', `--outputFile=${report}`], { stdio: 'ignore' })
  } finally {
    writeFileSync(anchor.file, original)
  }
  const results = JSON.parse(readFileSync(report, 'utf8')) as { testResults: { name: string; assertionResults: { status: string; fullName: string }[] }[] }
  const failed = results.testResults.flatMap((file) =>
    file.assertionResults.filter((test) => test.status === 'failed').map((test) => `${file.name.replace(`${process.cwd()}/`, '')}: ${test.fullName}`),
  )
  console.log(`\n${anchor.model}: ${anchor.why}\n  ${failed.length ? `caught by ${failed.length} tests, e.g.` : 'NOT CAUGHT'}`)
  failed.slice(0, 3).forEach((name) => console.log(`  - ${name}`))
  if (!failed.length) missed++
}
rmSync(reportDir, { recursive: true, force: true })
process.exit(missed ? 1 : 0)
