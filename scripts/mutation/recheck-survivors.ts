/**
 * `npx tsx scripts/mutation/recheck-survivors.ts <report dir> [file filter]`: every mutant a Stryker
 * run reports as survived or not covered, applied by hand, one at a time, to the working tree, and
 * the run's tests that import its file run on it (`vitest related` with the portal run's test
 * selection, `vitest.stryker.config.ts`, or `RECHECK_CONFIG`; every file with modules of its own,
 * stopping at the first failure), once they have passed on the file unmutated. Stryker's verdict
 * on such mutants is not always true here: the generated paths run guards and selectors while a
 * file is collected, so Stryker may run none of the tests that kill them (decision 0015). Prints
 * each mutant as killed or alive and writes `recheck.json` beside the report. The file is put back
 * after each mutant, and when the run is stopped.
 */
import { spawn, type ChildProcess } from 'node:child_process'
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
let tests: ChildProcess | undefined
// Stopped by Ctrl-C or by kill, the tests stop and the file is put back before the process ends
// (the tests run asynchronously so that the signal is heard while they run).
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const) {
  process.on(signal, () => {
    if (tests?.pid) process.kill(-tests.pid, 'SIGTERM')
    restore?.()
    process.exit(code)
  })
}

/** The run's tests that import `file`, on the working tree as it is: whether they all passed, and what they printed. */
function runRelated(file: string): Promise<{ passed: boolean; output: string }> {
  const args = ['vitest', 'related', file, '--config', config, '--run', '--bail', '1', '--reporter', 'dot', '--isolate', '--passWithNoTests']
  // A group of its own, so that a stop reaches Vitest's workers too.
  tests = spawn('npx', args, { env: { ...process.env, CI: '1' }, detached: true })
  let output = ''
  tests.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  tests.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  return new Promise((resolve) => tests!.on('close', (code) => resolve({ passed: code === 0, output })))
}

const results: { file: string; line: number; mutator: string; replacement: string; verdict: 'killed' | 'alive' }[] = []
for (const [file, { source, mutants }] of Object.entries(report.files)) {
  if (!file.includes(filter)) continue
  const original = readFileSync(file, 'utf8')
  if (original !== source) console.warn(`${file} changed since the run: its mutants are applied at the run's places in the file as it is now`)
  const survivors = mutants.filter(({ status }) => status === 'Survived' || status === 'NoCoverage')
  // A test that fails without any mutant (a generated file missing, as src/routeTree.gen.ts in a clone
  // without `npm install`'s postinstall) would count every mutant killed: the tests must pass first.
  const baseline = survivors.length ? await runRelated(file) : { passed: true, output: '' }
  if (!baseline.passed) {
    console.error(`The tests that import ${file} fail without any mutant, so no verdict can be given:\n${baseline.output.split('\n').slice(-40).join('\n')}`)
    process.exit(1)
  }
  for (const mutant of survivors) {
    const [from, to] = [offsetOf(original, mutant.location.start), offsetOf(original, mutant.location.end)]
    restore = () => writeFileSync(file, original)
    writeFileSync(file, original.slice(0, from) + mutant.replacement + original.slice(to))
    const run = await runRelated(file)
    restore()
    restore = undefined
    const verdict = run.passed ? 'alive' : 'killed'
    const at = `${file}:${mutant.location.start.line}:${mutant.location.start.column}`
    results.push({ file, line: mutant.location.start.line, mutator: mutant.mutatorName, replacement: mutant.replacement, verdict })
    console.log(`${verdict === 'killed' ? 'killed' : 'ALIVE '} ${at} ${mutant.mutatorName} → ${JSON.stringify(mutant.replacement).slice(0, 90)}`)
    // Written after each mutant: a run stopped early keeps what it found.
    writeFileSync(join(reportDir, 'recheck.json'), `${JSON.stringify(results, null, 2)}\n`)
  }
}
const alive = results.filter(({ verdict }) => verdict === 'alive').length
console.log(`${results.length} rechecked: ${results.length - alive} killed, ${alive} alive`)
