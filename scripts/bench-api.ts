import { line, openCommit, scenarios, type OpenedCommit, type Results, type Scenario } from './bench/api-bench'
import type { Figures } from './bench/load'
import { build, otherCommit, thisTree, type Target } from './bench/checkout'
import { cleanupStack, readOptions, sideBySide } from './bench/options'
import { postgresServer } from './bench/postgres'
import { startStripe, startTenant } from './bench/stand-ins'

/** The run with the median rate (of an even number, the slower of the middle two); null for none. */
function medianRun(figures: Figures[]): Figures | null {
  const sorted = [...figures].sort((a, b) => a.perSecond - b.perSecond)
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? null
}

/**
 * npm run bench:api [-- --seconds 20 --connections 100 --against <git ref> --database pglite] — load
 * on the accounts API over plain HTTP on 127.0.0.1, on PostgreSQL (BENCH_DATABASE_URL, else
 * scripts/ci-postgres.sh's server), each commit in a fresh database of its own, served as production
 * serves it (`node dist-server/production.js`, against the bench's tenant and Stripe stand-ins).
 * With --database pglite (or BENCH_DATABASE=pglite): this tree's API on a fresh PGlite as the local
 * stack builds it, served by scripts/bench/pglite-server.ts through production's request handler
 * (no build; one instance; no --against). Scenarios:
 * many people (one per connection) reading, assigning + unassigning, and the feed check; then one
 * person alone reading and writing under the production rate limits. With --against, the other
 * commit is built in a temporary worktree and loaded the same way, each scenario on one commit then
 * the other, and each figure is printed side by side with its ratio. With --rounds N (or
 * BENCH_ROUNDS), each scenario runs N times a commit, the order reversed every round, and the median
 * run counts: on a machine whose speed drifts, three rounds give a ratio one run cannot. --only TEXT
 * runs only the scenarios whose name holds TEXT. Beside the CPU time each request cost, where the
 * server preloads pg_stat_statements: the statements the database ran for it, the pages they
 * visited and their running and planning time (scripts/bench/statements.ts).
 */
const options = readOptions({ seconds: 20, connections: 100 })
const targets = options.against ? 2 : 1
const run = cleanupStack((20 * 60 + targets * (options.rounds * scenarios.length * (options.seconds + 5) + 120)) * 1000)
await run.exitAfter(async () => {
  const pglite = options.database === 'pglite'
  if (pglite && options.against) throw new Error('--against is not supported with --database pglite: compare on PostgreSQL, or run each commit on PGlite apart.')
  if (pglite && options.instances > 1) throw new Error('--instances must be 1 with --database pglite: PGlite lives in one process.')
  const postgres = pglite ? null : await postgresServer()
  const tenant = await startTenant()
  run.onCleanup(() => tenant.close())
  const stripe = await startStripe()
  run.onCleanup(() => stripe.close())

  const own = await thisTree()
  const commits: Target[] = [own]
  if (options.against) commits.unshift(await otherCommit(options.against, run.onCleanup))
  for (const target of commits) {
    if (pglite) console.log('this: PGlite, served from the sources with tsx (nothing to build)')
    else if (target === own && options.skipBuild) console.log('this: --skip-build, dist-server/ as it is')
    else await build(target)
  }
  console.log(
    `\nAccounts API on ${pglite ? 'PGlite' : 'PostgreSQL'}, ${options.connections} connections (the feed check: ${options.feedConnections}), ${options.instances} instance${options.instances > 1 ? 's' : ''}, ${options.seconds} s a scenario, HTTP on 127.0.0.1\n`,
  )
  const opened: OpenedCommit[] = []
  for (const target of commits) {
    const commit = await openCommit(target, { ...options, postgres, tenant, stripe, workDir: run.workDir, onCleanup: run.onCleanup })
    run.onCleanup(() => commit.stop())
    console.log(commit.description)
    opened.push(commit)
  }
  // Each scenario on each commit in turn, `rounds` times, the order reversed every round (ABBA):
  // a machine whose speed drifts during the run weighs on both sides alike. The median run counts.
  const runs = opened.map(() => new Map<Scenario, Figures[]>())
  for (const scenario of scenarios) {
    for (let round = 0; round < options.rounds; round++) {
      const order = round % 2 === 0 ? opened.map((_commit, index) => index) : opened.map((_commit, index) => opened.length - 1 - index)
      for (const index of order) {
        const figures = await opened[index]!.run(scenario)
        if (!figures) continue
        runs[index]!.set(scenario, [...(runs[index]!.get(scenario) ?? []), figures])
        console.log(`  ${commits[index]!.label}, ${scenario}${options.rounds > 1 ? ` (round ${round + 1})` : ''}: ${line(figures)}`)
      }
    }
  }
  const results: Results[] = runs.map((each) => Object.fromEntries(scenarios.map((scenario) => [scenario, medianRun(each.get(scenario) ?? [])])) as Results)
  if (stripe.calls() > 0) console.log(`\nNote: the scenarios reached the Stripe stand-in ${stripe.calls()} times (answered 503).`)

  if (results.length === 2) {
    console.log(`\n${options.against} (${commits[0]!.commit}) against this tree (${own.commit}), the same load one after the other:\n`)
    console.log(
      sideBySide(
        [commits[0]!.commit, own.commit],
        // Scenarios neither commit ran (left out by --only) are left out here too.
        scenarios
          .filter((scenario) => results.some((result) => result[scenario]))
          .map((scenario) => {
            const [other, mine] = results.map((result) => result[scenario])
            const figure = (name: string, pick: (figures: NonNullable<typeof other>) => number | null) => ({ name, values: [other ? pick(other) : null, mine ? pick(mine) : null] })
            return {
              title: scenario,
              figures: [
                figure('requests/s', (f) => f.perSecond),
                figure('p50 ms', (f) => f.p50),
                figure('p99 ms', (f) => f.p99),
                figure('errors', (f) => f.errors),
                figure('429s', (f) => f.limited),
                figure('server CPU µs/request', (f) => f.serverCpuUs ?? null),
                figure('database CPU µs/request', (f) => f.databaseCpuUs ?? null),
                figure('statements/request', (f) => f.statements ?? null),
                figure("statements' pages/request", (f) => f.databasePages ?? null),
                figure("statements' run µs/request", (f) => f.databaseExecUs ?? null),
                figure("statements' planning µs/request", (f) => f.databasePlanUs ?? null),
              ],
            }
          }),
      ),
    )
  } else {
    console.log('')
    for (const scenario of scenarios) if (!options.only || results[0]![scenario]) console.log(`${scenario}: ${results[0]![scenario] ? line(results[0]![scenario]!) : 'n/a'}`)
  }
  if (own.kind === 'production' && !options.skipBuild && !pglite) console.log('\ndist/ now holds the production build: `npm run build` makes the local one again.')
})
