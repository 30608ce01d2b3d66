import { spawn, spawnSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { modelCoverageDir, reportModelCoverage } from './model-coverage-check'

/**
 * `npm test`, in two stages, the second starting when the first has passed:
 * 1. the checks that each use one core (type check, ESLint, Prettier, the build the browser tests
 *    serve) side by side, on the two cores one after another would leave half idle;
 * 2. the browser tests, and beside them every Vitest test (the model-based ones included, in one
 *    run), then the model coverage check of `npm run test:model`. The browser tests wait on their
 *    servers and pages and leave about half of the two cores idle; Vitest, at a lower priority
 *    (`nice`), fills that time without slowing the pages the browser tests wait for.
 * The machine check (`scripts/test-machine.ts`) runs first, so a missing browser stops the run in
 * its first seconds. Each step prints its time, and the run ends with all of them.
 */
const bin = (name: string) => `node_modules/.bin/${name}`
const timings: string[] = []
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`

interface Step {
  name: string
  command: string
  args: string[]
  env?: NodeJS.ProcessEnv
  /** Its output goes to the terminal as it comes (one step per stage); the others' are printed when they end. */
  live?: boolean
  /** What runs when the command has passed, as part of the step (0: passed). */
  then?: () => number
}

/** Runs steps side by side, each with its output kept apart and printed once it ends. */
async function sideBySide(stage: string, steps: Step[]) {
  const start = performance.now()
  const children = steps.map((step) => {
    const stepStart = performance.now()
    const child = spawn(step.command, step.args, { stdio: ['ignore', step.live ? 'inherit' : 'pipe', step.live ? 'inherit' : 'pipe'], env: step.env ?? process.env })
    let output = ''
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const ended = new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? 1)))
    return ended.then((exitCode) => {
      const took = seconds(stepStart)
      if (output.trim()) console.log(`\n${output.trimEnd()}`)
      const code = exitCode === 0 && step.then ? step.then() : exitCode
      console.log(`${code === 0 ? '✓' : '✗'} ${step.name} (${took})`)
      timings.push(`  ${step.name}: ${took}`)
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
await sideBySide('browser tests beside Vitest', [
  { name: 'browser tests (Playwright)', command: bin('playwright'), args: ['test'], live: true },
  {
    name: 'Vitest (model-based and other tests), then model coverage',
    command: 'nice',
    args: ['-n', '10', bin('vitest'), 'run'],
    env: { ...process.env, MODEL_COVERAGE_DIR: modelCoverageDir },
    then: reportModelCoverage,
  },
])

console.log(`\nnpm test passed in ${seconds(runStart)}:\n${timings.join('\n')}`)
