import { spawn, spawnSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { modelCoverageDir, reportModelCoverage } from './model-coverage-check'

/**
 * `npm test`, in three stages, each starting when the one before has passed:
 * 1. the checks that each use one core (type check, ESLint, Prettier, the build the browser tests
 *    serve) side by side, on the two cores one after another would leave half idle;
 * 2. every Vitest test, the model-based ones included, in one run (one start, and the long files'
 *    tails overlap the rest), then the model coverage check of `npm run test:model`;
 * 3. the browser tests.
 * The machine check (`scripts/test-machine.ts`) runs first, so a missing browser stops the run in
 * its first seconds. Each stage prints its time, and the run ends with all of them.
 */
const bin = (name: string) => `node_modules/.bin/${name}`
const timings: string[] = []
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`

interface Step {
  name: string
  command: string
  args: string[]
}

/** Runs steps side by side, each with its output kept apart and printed once it ends. */
async function sideBySide(stage: string, steps: Step[]) {
  const start = performance.now()
  const children = steps.map((step) => {
    const stepStart = performance.now()
    const child = spawn(step.command, step.args, { stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const ended = new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? 1)))
    return ended.then((code) => {
      const line = `${code === 0 ? '✓' : '✗'} ${step.name} (${seconds(stepStart)})`
      if (code !== 0 || output.trim()) console.log(`\n${line}\n${output.trimEnd()}`)
      else console.log(line)
      return { step, code }
    })
  })
  const results = await Promise.all(children)
  timings.push(`${stage}: ${seconds(start)}`)
  const failed = results.filter((result) => result.code !== 0)
  if (failed.length) stop(`${failed.map((result) => result.step.name).join(', ')} failed`)
}

/** Runs one command with the terminal as its own. */
function inTerminal(stage: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const start = performance.now()
  const { status } = spawnSync(command, args, { stdio: 'inherit', env })
  timings.push(`${stage}: ${seconds(start)}`)
  return status ?? 1
}

function stop(reason: string): never {
  console.error(`\nnpm test: ${reason}.\n${timings.join('\n')}`)
  process.exit(1)
}

const runStart = performance.now()
if (inTerminal('machine check', bin('tsx'), ['scripts/test-machine.ts']) !== 0) stop('the machine lacks what the tests need')

await sideBySide('type check, lint, format, build', [
  { name: 'type check (tsc)', command: bin('tsc'), args: ['--noEmit', '-p', 'tsconfig.json'] },
  { name: 'lint (ESLint)', command: bin('eslint'), args: ['--max-warnings', '0', '.'] },
  { name: 'format (Prettier)', command: bin('prettier'), args: ['--check', '--log-level', 'warn', '.'] },
  { name: 'build', command: bin('tsx'), args: ['scripts/build.ts', 'localstack'] },
])

rmSync(modelCoverageDir, { recursive: true, force: true })
const vitest = inTerminal('Vitest (model-based and other tests)', bin('vitest'), ['run'], { ...process.env, MODEL_COVERAGE_DIR: modelCoverageDir })
if (vitest !== 0) stop('a Vitest test failed')
if (reportModelCoverage() !== 0) stop('a machine is below 100% model coverage')

if (inTerminal('browser tests (Playwright)', bin('playwright'), ['test']) !== 0) stop('a browser test failed')

console.log(`\nnpm test passed in ${seconds(runStart)}:\n${timings.join('\n')}`)
