import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { failedCheckIn } from '../testkit/model/behaviour-check'
import { flows } from '../testkit/model/node-flows'

/**
 * `npx tsx scripts/oracle-anchors.ts [model…]`: applies each wrong transition of
 * testkit/flows/<flow>/<flow>.anchors.ts to its machine's source in turn, runs the model tests of
 * `npm run test:model` without the diagram check (which fails for any change of a machine), and
 * restores the source. Fails when a wrong transition passes them, or fails them only otherwise than
 * by a named check of behaviour (testkit/model/behaviour-check.ts); prints the tests that caught each
 * and the check that failed in each.
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
  const results = JSON.parse(readFileSync(report, 'utf8')) as {
    testResults: { name: string; assertionResults: { status: string; fullName: string; failureMessages: string[] }[] }[]
  }
  const failed = results.testResults.flatMap((file) =>
    file.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => ({
        test: `${file.name.replace(`${process.cwd()}/`, '')}: ${test.fullName}`,
        check: test.failureMessages.map(failedCheckIn).find(Boolean),
        error: test.failureMessages[0]?.split('\n')[0],
      })),
  )
  // Only a failed check of behaviour refuses the wrong transition; a test failing otherwise is listed apart.
  const caught = failed.filter((each) => each.check)
  const otherwise = failed.filter((each) => !each.check)
  console.log(`\n${anchor.model}: ${anchor.why}\n  ${caught.length ? `caught by ${caught.length} tests, e.g.` : 'NOT CAUGHT by a check of behaviour'}`)
  caught.slice(0, 3).forEach(({ test, check }) => console.log(`  - ${test}\n    by '${check}'`))
  if (otherwise.length) console.log(`  ${otherwise.length} tests failed without a check of behaviour (not counted), e.g. ${otherwise[0]!.test}\n    (${otherwise[0]!.error})`)
  if (!caught.length) missed++
}
rmSync(reportDir, { recursive: true, force: true })
process.exit(missed ? 1 : 0)
