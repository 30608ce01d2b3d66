import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { resolveChromium } from '../e2e/support/browser'
import { mailPortsFor } from '../server/local/mail-catcher-ports'
import { measureAssets } from './bench/assets'
import { lighthouseMedian } from './bench/lighthouse'
import { run, untilAnswers } from './processes'

/**
 * Builds the site, serves it on loopback and prints, per public route, the JavaScript and CSS it
 * downloads (its inline scripts included), the script files it requests before its largest
 * contentful paint, and its Lighthouse figures (the median of three runs); then the same page
 * with every script removed from its prerendered HTML (what a visitor without JavaScript gets),
 * and the ratio of the two LCPs.
 */
const port = 5195
const noScriptPort = 5196
const runs = 3
// Lighthouse refuses to score a document answered with 404, so the not-found page is measured
// through its own file, which the server answers with 200.
const routes = [
  { route: '/', file: 'index.html' },
  { route: '/privacy', file: 'privacy/index.html' },
  { route: '/fulfillment', file: 'fulfillment/index.html' },
  { route: '/404.html', file: '404.html' },
]
const chromePath = resolveChromium(process.env, { fullBrowser: true })

await run('node_modules/.bin/tsx', ['scripts/build.ts', 'localstack'])

const noScriptDir = '.local/bench-noscript'
rmSync(noScriptDir, { recursive: true, force: true })
cpSync('dist', noScriptDir, { recursive: true })
for (const { file } of routes) {
  const withoutScripts = readFileSync(`dist/${file}`, 'utf8').replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
  writeFileSync(`${noScriptDir}/${file}`, withoutScripts)
  writeFileSync(`${noScriptDir}/${file}.gz`, gzipSync(withoutScripts, { level: 9 }))
  writeFileSync(`${noScriptDir}/${file}.br`, brotliCompressSync(withoutScripts))
}

const servers = [startServer(port, 'dist'), startServer(noScriptPort, noScriptDir)]
try {
  await Promise.all([untilAnswers(`https://localhost:${port}/`, 60_000), untilAnswers(`https://localhost:${noScriptPort}/`, 60_000)])
  const rows = []
  const ratios = []
  for (const { route } of routes) {
    const url = `https://localhost:${port}${route}`
    const { jsBeforeLcp, ...assets } = await measureAssets(url, 'dist', chromePath)
    const withScripts = await lighthouseMedian(url, chromePath, runs)
    const noScript = await lighthouseMedian(`https://localhost:${noScriptPort}${route}`, chromePath, runs)
    rows.push({ route, ...kb(assets), jsBeforeLcp, ...withScripts })
    rows.push({ route: `${route} (no scripts)`, ...kb({ jsRaw: 0, jsGzip: 0, cssRaw: assets.cssRaw, cssGzip: assets.cssGzip, inlineJsGzip: 0 }), jsBeforeLcp: 0, ...noScript })
    ratios.push(`${route}: ${Math.round(withScripts.lcpMs)} ms with scripts, ${Math.round(noScript.lcpMs)} ms without, ratio ${(withScripts.lcpMs / noScript.lcpMs).toFixed(2)}`)
  }
  console.log(`\nPublic routes (KB = 1,000 bytes; jsBeforeLcp: script files requested before the LCP; Lighthouse mobile defaults, median of ${runs} runs)\n`)
  console.table(rows.map((row) => ({ ...row, lcpMs: Math.round(row.lcpMs), tbtMs: Math.round(row.tbtMs), cls: Number(row.cls.toFixed(3)) })))
  console.log('LCP with scripts against the same page without them:')
  for (const ratio of ratios) console.log(`  ${ratio}`)
} finally {
  for (const server of servers) server.kill('SIGTERM')
  rmSync(noScriptDir, { recursive: true, force: true })
}

function kb<T extends Record<string, number>>(bytes: T): Record<keyof T, string> {
  return Object.fromEntries(Object.entries(bytes).map(([key, value]) => [key, (value / 1000).toFixed(1)])) as Record<keyof T, string>
}

function startServer(serverPort: number, distDir: string): ChildProcess {
  return spawn('node_modules/.bin/tsx', ['server/local/main.ts'], {
    // Each server keeps its own data (two PGlite databases cannot share one folder) and its own mail catcher's ports.
    env: { ...process.env, PORT: String(serverPort), DIST_DIR: distDir, LOCAL_DIR: `.local/bench-${serverPort}`, ...mailPortsFor(serverPort) },
    stdio: 'ignore',
  })
}
