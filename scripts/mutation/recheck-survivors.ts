/**
 * `npx tsx scripts/mutation/recheck-survivors.ts <report dir> [file filter]`: every mutant a Stryker
 * run reports as survived or not covered, applied by hand, one at a time, to the working tree, and
 * the run's tests that import its file run on it (`vitest related` with the portal run's test
 * selection, `vitest.stryker.config.ts`, or `RECHECK_CONFIG`; every file with modules of its own,
 * stopping at the first failure). Stryker's verdict on such mutants is not always true here: the
 * generated paths run guards and selectors while a file is collected, so Stryker may run none of the
 * tests that kill them (decision 0015). Prints each mutant as killed or alive and writes
 * `recheck.json` beside the report. The file is put back after each mutant, and on Ctrl-C.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import process from 'node:process'

interface Location {
  start: { line: number; column: number }
  end: { line: number; column: number }
}
interface Mutant {
  id: string
  mutatorName: string
  replacement: string
  status: string
  location: Location
}
interface Report {
  files: Record<string, { source: string; mutants: Mutant[] }>
}

const [reportDir, filter = ''] = process.argv.slice(2)
if (!reportDir) {
  console.error('usage: npx tsx scripts/mutation/recheck-survivors.ts <report dir> [file filter]')
  process.exit(2)
}
const config = process.env.RECHECK_CONFIG ?? 'vitest.stryker.config.ts'
const report = JSON.parse(readFileSync(join(reportDir, 'mutation.json'), 'utf8')) as Report

/** The offset in `source` of a (1-based line, 1-based column) location, as Stryker's report gives it. */
function offsetOf(source: string, { line, column }: { line: number; column: number }) {
  const lines = source.split('\n')
  return lines.slice(0, line - 1).reduce((sum, text) => sum + text.length + 1, 0) + column - 1
}

let restore: (() => void) | undefined
process.on('SIGINT', () => {
  restore?.()
  process.exit(130)
})

const results: { file: string; line: number; mutator: string; replacement: string; verdict: 'killed' | 'alive' }[] = []
for (const [file, { source, mutants }] of Object.entries(report.files)) {
  if (!file.includes(filter)) continue
  const original = readFileSync(file, 'utf8')
  if (original !== source) console.warn(`${file} changed since the run: its mutants are applied at the run's places in the file as it is now`)
  for (const mutant of mutants.filter(({ status }) => status === 'Survived' || status === 'NoCoverage')) {
    const [from, to] = [offsetOf(original, mutant.location.start), offsetOf(original, mutant.location.end)]
    restore = () => writeFileSync(file, original)
    writeFileSync(file, original.slice(0, from) + mutant.replacement + original.slice(to))
    const run = spawnSync('npx', ['vitest', 'related', file, '--config', config, '--run', '--bail', '1', '--reporter', 'dot', '--isolate', '--passWithNoTests'], {
      encoding: 'utf8',
      env: { ...process.env, CI: '1' },
    })
    restore()
    restore = undefined
    const verdict = run.status === 0 ? 'alive' : 'killed'
    const at = `${file}:${mutant.location.start.line}:${mutant.location.start.column}`
    results.push({ file, line: mutant.location.start.line, mutator: mutant.mutatorName, replacement: mutant.replacement, verdict })
    console.log(`${verdict === 'killed' ? 'killed' : 'ALIVE '} ${at} ${mutant.mutatorName} → ${JSON.stringify(mutant.replacement).slice(0, 90)}`)
    // Written after each mutant: a run stopped early keeps what it found.
    writeFileSync(join(reportDir, 'recheck.json'), `${JSON.stringify(results, null, 2)}\n`)
  }
}
const alive = results.filter(({ verdict }) => verdict === 'alive').length
console.log(`${results.length} rechecked: ${results.length - alive} killed, ${alive} alive`)
