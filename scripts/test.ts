import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { rmSync } from 'node:fs'
import { setPriority, tmpdir } from 'node:os'
import { join } from 'node:path'
import { modelCoverageDir, reportModelCoverage } from './model-coverage-check'
import { describeTally, tallyOfFile } from './stripe-openapi-tally'
import { testPostgres } from './test-postgres'

/**
 * `npm test`: after the machine check (`scripts/test-machine.ts`, so that a missing browser stops the
 * run in its first seconds), every part at once, on three lines that each wait only for their own
 * step before:
 * - the type check, ESLint and Prettier's check;
 * - the build, then the browser tests, which serve it;
 * - every Vitest test, the model-based ones included, then the model coverage check of
 *   `npm run test:model`; on PostgreSQL too where the run has one (`scripts/test-postgres.ts`: the
 *   one TEST_DATABASE_URL names, else, as root, a server of its own, which Vitest waits for).
 * One after another, the parts left the cores idle a fifth of the browser tests' time: those wait
 * on the pages more than they compute. The checks and Vitest run at nice 19, Vitest with four
 * times its timeouts (decisions 0030, 0032 and 0033); where Linux groups each session's processes
 * (autogroup, as on these machines) a nice value weighs only inside its part's session, so the
 * parts share the cores evenly: giving the sessions themselves nice 19 ended the run later
 * (decision 0070). The browser tests print as they go; every other part prints once it ends. The
 * first part to fail stops the others, and the run ends with each part's time and how many
 * exchanges with the payment sandbox were validated against Stripe's API description (none fails
 * the run: stripe-openapi-tally.ts).
 */
const bin = (name: string) => `node_modules/.bin/${name}`
const runStart = performance.now()
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`
const timings: string[] = []
const running = new Set<ChildProcess>()
let stopPostgres = () => {}
/** Where the API contract tests write each exchange they check against Stripe's API description (recorder.ts): one figure for the run. */
const openApiReport = join(tmpdir(), `prism-stripe-openapi-${process.pid}.ndjson`)
let openApiLine = ''

interface Part {
  name: string
  command: string
  args: string[]
  /** The browser tests report each test as it ends; the other parts' output is kept until they end. */
  toTerminal?: boolean
  /** The lowest priority (nice 19), which the processes it starts inherit. */
  background?: boolean
  env?: NodeJS.ProcessEnv
}

/** Runs a part in a process group of its own (so that stopping it stops its servers and browsers); resolves when it has passed. */
function run(part: Part): Promise<void> {
  const start = performance.now()
  const child = spawn(part.command, part.args, {
    stdio: ['ignore', part.toTerminal ? 'inherit' : 'pipe', part.toTerminal ? 'inherit' : 'pipe'],
    env: part.env ?? process.env,
    detached: true,
  })
  if (part.background && child.pid) setPriority(child.pid, 19)
  running.add(child)
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  return new Promise((resolve) =>
    child.on('close', (code) => {
      running.delete(child)
      const line = `${code === 0 ? '✓' : '✗'} ${part.name} (${seconds(start)}, ended at ${seconds(runStart)})`
      timings.push(line)
      console.log(output.trim() ? `\n${line}\n${output.trimEnd()}\n` : line)
      if (code === 0) resolve()
      else stop(`${part.name} failed`)
    }),
  )
}

function stop(reason: string): never {
  for (const child of running) {
    try {
      process.kill(-child.pid!, 'SIGTERM')
    } catch {
      // The group has already gone.
    }
  }
  stopPostgres()
  rmSync(openApiReport, { force: true })
  console.error(`\nnpm test: ${reason}.\n${timings.join('\n')}`)
  process.exit(1)
}

// Ctrl-C reaches only the terminal's process group: the parts' groups are stopped here.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stop(`stopped (${signal})`))

if (spawnSync(bin('tsx'), ['scripts/test-machine.ts'], { stdio: 'inherit' }).status !== 0) stop('the machine lacks what the tests need')
timings.push(`✓ machine check (ended at ${seconds(runStart)})`)

const postgres = testPostgres()
stopPostgres = postgres.stop
const vitestEnv = postgres.env.catch((error: unknown) => stop(`PostgreSQL for the API tests could not be started (${String(error).split('\n')[0]})`))

rmSync(modelCoverageDir, { recursive: true, force: true })
console.log('The checks, the build then the browser tests, and Vitest, side by side; each but the browser tests prints when it ends.')
await Promise.all([
  // TypeScript 7, the native compiler: half the CPU of TypeScript 6's tsc, which stays for the tools that need its API (decision 0069).
  run({ name: 'type check (tsc)', command: 'node', args: ['node_modules/typescript-7/bin/tsc', '--noEmit', '-p', 'tsconfig.json'], background: true }),
  run({ name: 'lint (ESLint)', command: bin('eslint'), args: ['--max-warnings', '0', '.'], background: true }),
  run({ name: 'format (Prettier)', command: bin('prettier'), args: ['--check', '--log-level', 'warn', '.'], background: true }),
  run({ name: 'build', command: bin('tsx'), args: ['scripts/build.ts', 'localstack'] }).then(() =>
    run({ name: 'browser tests (Playwright)', command: bin('playwright'), args: ['test'], toTerminal: true }),
  ),
  vitestEnv
    .then((env) =>
      run({
        name: 'Vitest (model-based and other tests)',
        command: bin('vitest'),
        // Four times the configured timeouts: at nice 19 beside the browser tests, a test also waits for
        // the cores, while those keep both busy (decision 0032).
        args: ['run', '--reporter=dot', '--testTimeout=120000', '--hookTimeout=240000'],
        background: true,
        env: { ...env, MODEL_COVERAGE_DIR: modelCoverageDir, STRIPE_OPENAPI_REPORT: openApiReport },
      }),
    )
    .then(() => {
      const { line, failure } = describeTally(tallyOfFile(openApiReport))
      if (failure) stop(failure)
      openApiLine = line
      if (reportModelCoverage() !== 0) stop('a machine is below 100% model coverage')
    }),
])

stopPostgres()
rmSync(openApiReport, { force: true })
console.log(`\nnpm test passed in ${seconds(runStart)}:\n${timings.join('\n')}\n${openApiLine}`)
