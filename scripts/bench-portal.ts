import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { chromium } from '@playwright/test'
import { offlineChromiumArgs, resolveChromium } from '../e2e/support/browser'
import { otherCommit, runQuietly, thisTree, type Target } from './bench/checkout'
import { cleanupStack, readOptions, sideBySide } from './bench/options'
import { sequentialRoundTrips, type TimedCall } from './bench/round-trips'
import { freePort } from './bench/servers'
import { untilAnswers } from './processes'

/**
 * npm run bench:portal [-- --runs 5 --against <git ref>] — with a cached session (signed in
 * before), the time from navigating to /account to the first license card, and the API round trips
 * on that path (how many, and how many had to wait for another). Each commit is built (`npm run
 * build`), reset (`npm run db:reset`) and served (`npm run serve`) as its own scripts say, with the
 * local stack on 127.0.0.1 and a LOCAL_DIR of the bench's; with --against, the other commit in a
 * temporary worktree, measured right before this tree, and the figures side by side.
 */
const options = readOptions({ seconds: 20, connections: 1 })
const runs = options.runs
const run = cleanupStack((25 + (options.against ? 20 : 0)) * 60_000)

interface Figures {
  median: number
  min: number
  max: number
  calls: string[]
  depth: number
}

async function measure(target: Target): Promise<Figures> {
  const port = await freePort()
  const origin = `https://localhost:${port}`
  const env = { PORT: String(port), LOCAL_DIR: join(run.workDir, `local-${port}`), MAILDEV_SMTP_PORT: String(await freePort()), MAILDEV_WEB_PORT: String(await freePort()) }
  await runQuietly('npm', ['run', 'db:reset'], { cwd: target.root, env, timeoutMs: 120_000 })
  // A process group of its own: npm, its shell and the server stop together, and nothing else.
  const server = spawn('npm', ['run', 'serve'], { cwd: target.root, env: { ...process.env, ...env }, stdio: 'ignore', detached: true })
  const exited = new Promise((resolve) => server.once('exit', resolve))
  const stop = async () => {
    if (server.exitCode !== null || server.signalCode !== null) return
    process.kill(-server.pid!, 'SIGTERM')
    const killer = setTimeout(() => process.kill(-server.pid!, 'SIGKILL'), 10_000)
    await exited
    clearTimeout(killer)
  }
  run.onCleanup(stop)
  await untilAnswers(`${origin}/`, 60_000)
  const browser = await chromium.launch({ executablePath: resolveChromium(), args: [...offlineChromiumArgs, '--no-sandbox'] })
  try {
    const page = await browser.newPage({ ignoreHTTPSErrors: true })
    await page.goto(`${origin}/account`)
    await page.getByRole('button', { name: 'commercial@example.com', exact: true }).click()
    await page.getByRole('article', { name: 'Commercial', exact: true }).filter({ hasText: 'Owner: ' }).waitFor()
    const times: number[] = []
    let calls: TimedCall[] = []
    page.on('requestfinished', (request) => {
      if (!request.url().includes('/api/')) return
      const timing = request.timing()
      calls.push({ url: `${request.method()} ${new URL(request.url()).pathname}`, start: timing.startTime + timing.requestStart, end: timing.startTime + timing.responseEnd })
    })
    for (let index = 0; index < runs; index++) {
      calls = []
      await page.goto('about:blank')
      const started = Date.now()
      await page.goto(`${origin}/account`)
      await page.getByRole('article', { name: 'Commercial', exact: true }).filter({ hasText: 'Owner: ' }).waitFor()
      times.push(Date.now() - started)
    }
    calls.sort((a, b) => a.start - b.start)
    times.sort((a, b) => a - b)
    return { median: times[Math.floor(runs / 2)]!, min: times[0]!, max: times.at(-1)!, calls: calls.map((call) => call.url), depth: sequentialRoundTrips(calls) }
  } finally {
    await browser.close()
    await stop()
  }
}

await run.exitAfter(async () => {
  const own = await thisTree()
  const commits: Target[] = [own]
  if (options.against) commits.unshift(await otherCommit(options.against, run.onCleanup))
  for (const target of commits) {
    if (target === own && options.skipBuild) continue
    await runQuietly('npm', ['run', 'build'], { cwd: target.root, timeoutMs: 10 * 60_000 })
    console.log(`${target.label} (${target.commit}): built (npm run build)`)
  }
  const results: Figures[] = []
  for (const target of commits) {
    const figures = await measure(target)
    results.push(figures)
    console.log(`\n${target.label} (${target.commit}): /account to the first license card, cached session, ${runs} runs: median ${figures.median} ms (min ${figures.min}, max ${figures.max})`)
    console.log(`API calls on that path: ${figures.calls.join(', ')}; sequential round trips: ${figures.depth}`)
  }
  if (results.length === 2) {
    const [other, mine] = results as [Figures, Figures]
    console.log(`\n${options.against} (${commits[0]!.commit}) against this tree (${own.commit}), one after the other:\n`)
    console.log(
      sideBySide(
        [commits[0]!.commit, own.commit],
        [
          {
            title: `/account to the first license card (${runs} runs)`,
            figures: [
              { name: 'median ms', values: [other.median, mine.median] },
              { name: 'min ms', values: [other.min, mine.min] },
              { name: 'max ms', values: [other.max, mine.max] },
              { name: 'API calls', values: [other.calls.length, mine.calls.length] },
              { name: 'sequential round trips', values: [other.depth, mine.depth] },
            ],
          },
        ],
      ),
    )
  }
})
