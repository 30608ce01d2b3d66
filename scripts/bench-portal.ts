import { spawn } from 'node:child_process'
import { mailPortsFor } from '../server/local/mail-catcher-ports'
import { chromium } from '@playwright/test'
import { offlineChromiumArgs, resolveChromium } from '../e2e/support/browser'
import { run, untilAnswers } from './processes'

/**
 * npm run bench:portal — with a cached session (signed in before), the time from navigating to
 * /account to the first license card, and the API round trips on that path (how many, and how
 * many had to wait for another). Serves the built site with the local stack on 127.0.0.1.
 */
const port = 5194
const origin = `https://localhost:${port}`
const runs = 5
await run('node_modules/.bin/tsx', ['server/local/reset.ts'], { LOCAL_DIR: '.local/bench-portal' })
const server = spawn('node_modules/.bin/tsx', ['server/local/main.ts'], { env: { ...process.env, PORT: String(port), LOCAL_DIR: '.local/bench-portal', ...mailPortsFor(port) }, stdio: 'ignore' })
try {
  await untilAnswers(`${origin}/`, 30_000)
  const browser = await chromium.launch({ executablePath: resolveChromium(), args: [...offlineChromiumArgs, '--no-sandbox'] })
  const page = await browser.newPage({ ignoreHTTPSErrors: true })
  await page.goto(`${origin}/account`)
  await page.getByRole('button', { name: 'commercial@example.com', exact: true }).click()
  await page.getByRole('article', { name: 'Commercial', exact: true }).filter({ hasText: 'Owner: ' }).waitFor()
  const times: number[] = []
  let calls: { url: string; start: number; end: number }[] = []
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
  // A call waits for another when it starts after that one has answered.
  const depth = calls.reduce((chain, call, index) => Math.max(chain, 1 + calls.slice(0, index).filter((before) => before.end <= call.start).length), 0)
  times.sort((a, b) => a - b)
  console.log(`/account to the first license card, cached session, ${runs} runs: median ${times[Math.floor(runs / 2)]} ms (min ${times[0]}, max ${times.at(-1)})`)
  console.log(`API calls on that path: ${calls.map((call) => call.url).join(', ')}; sequential round trips: ${depth}`)
  await browser.close()
} finally {
  server.kill('SIGTERM')
}
