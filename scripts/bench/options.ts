import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'

/** The command line both benches share: durations, load and the commit to compare with. */
export function readOptions(defaults: { seconds: number; connections: number }) {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string' },
      connections: { type: 'string' },
      'feed-connections': { type: 'string' },
      instances: { type: 'string' },
      against: { type: 'string' },
      'skip-build': { type: 'boolean', default: false },
      runs: { type: 'string' },
      rounds: { type: 'string' },
      database: { type: 'string' },
      only: { type: 'string' },
    },
  })
  const whole = (name: string, value: string | undefined, fallback: number) => {
    const number = value === undefined ? fallback : Number(value)
    if (!Number.isInteger(number) || number < 1) throw new Error(`--${name} must be a whole number above 0`)
    return number
  }
  return {
    seconds: whole('seconds', values.seconds ?? process.env.BENCH_SECONDS, defaults.seconds),
    connections: whole('connections', values.connections, defaults.connections),
    feedConnections: whole('feed-connections', values['feed-connections'], 10),
    instances: whole('instances', values.instances ?? process.env.BENCH_INSTANCES, 1),
    runs: whole('runs', values.runs, 5),
    rounds: whole('rounds', values.rounds ?? process.env.BENCH_ROUNDS, 1),
    against: values.against,
    skipBuild: values['skip-build'],
    database: databaseOf(values.database ?? process.env.BENCH_DATABASE),
    /** Only the scenarios whose name holds this text (any case), for a quick look at one of them. */
    only: values.only?.toLowerCase(),
  }
}

/** Where `bench:api` keeps the data: a PostgreSQL server (as production), or PGlite (as `npm start`). */
export type Database = 'postgresql' | 'pglite'

function databaseOf(value: string | undefined): Database {
  if (value === undefined || value === 'postgresql' || value === 'postgres') return 'postgresql'
  if (value === 'pglite') return value
  throw new Error(`--database must be postgresql or pglite, not ${value}`)
}

/**
 * What undoes each step, run in reverse order once: at the end, on a failure, on Ctrl-C, or when
 * the run is past its deadline (then the process exits 1).
 */
export function cleanupStack(deadlineMs: number) {
  const steps: (() => Promise<unknown>)[] = []
  const workDir = mkdtempSync(join(tmpdir(), 'prism-bench-run-'))
  // BENCH_KEEP_LOGS=1 keeps the servers' logs (and a PGlite database) for a look afterwards.
  steps.push(async () => (process.env.BENCH_KEEP_LOGS ? console.log(`The servers' logs are kept in ${workDir}`) : rmSync(workDir, { recursive: true, force: true })))
  let done: Promise<void> | null = null
  const cleanup = () =>
    (done ??= (async () => {
      for (const step of steps.reverse()) await step().catch((error: unknown) => console.error(`Cleaning up: ${error instanceof Error ? error.message : String(error)}`))
    })())
  const abort = (why: string, code: number) => {
    console.error(why)
    void cleanup().then(() => process.exit(code))
  }
  process.once('SIGINT', () => abort('Interrupted: cleaning up...', 130))
  process.once('SIGTERM', () => abort('Stopped: cleaning up...', 143))
  const deadline = setTimeout(() => abort(`Over the deadline (${Math.round(deadlineMs / 60_000)} min): cleaning up...`, 1), deadlineMs)
  return {
    workDir,
    onCleanup: (step: () => Promise<unknown>) => void steps.push(step),
    cleanup: async () => {
      clearTimeout(deadline)
      await cleanup()
    },
    /** Runs the benchmark, cleans up what it started, and ends the process: 1 when it failed, said on stderr. */
    exitAfter: async (bench: () => Promise<void>): Promise<never> => {
      let failed = false
      try {
        await bench()
      } catch (error) {
        failed = true
        console.error(error instanceof Error ? error.message : error)
      } finally {
        clearTimeout(deadline)
        await cleanup()
      }
      process.exit(failed ? 1 : 0)
    },
  }
}

const pad = (text: string, width: number, left = false) => (left ? text.padEnd(width) : text.padStart(width))

/**
 * Figures side by side: one row per scenario and figure, a column per commit (the other first),
 * and the ratio other/this (above 1: the other commit's figure is the larger).
 */
export function sideBySide(columns: string[], rows: { title: string; figures: { name: string; values: (number | null)[] }[] }[]) {
  const width = 18
  const lines = [`${pad('', 44, true)}${columns.map((column) => pad(column, width)).join('')}${pad('other/this', width)}`]
  for (const row of rows) {
    lines.push(row.title)
    for (const figure of row.figures) {
      const [other, own] = figure.values
      const ratio = other == null || own == null ? '' : own === 0 ? (other === 0 ? '1.00' : 'inf') : (other / own).toFixed(2)
      lines.push(`${pad(`  ${figure.name}`, 44, true)}${figure.values.map((value) => pad(value == null ? 'n/a' : String(value), width)).join('')}${pad(ratio, width)}`)
    }
  }
  return lines.join('\n')
}
