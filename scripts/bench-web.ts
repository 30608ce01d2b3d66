import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { resolveChromium } from '../e2e/support/browser'
import { measureAssets } from './bench/assets'
import { lighthouse } from './bench/lighthouse'

/**
 * Builds the site, serves it on loopback and prints, per public route, the JavaScript and CSS it
 * downloads and its Lighthouse figures; then the same for / with every script removed from its
 * prerendered HTML (what a visitor without JavaScript gets), with the ratio of the two LCPs.
 */
const port = 5195
const noScriptPort = 5196
// Lighthouse refuses to score a document answered with 404, so the not-found page is measured
// through its own file, which the server answers with 200 and the app renders as not found.
const routes = ['/', '/privacy', '/fulfillment', '/404.html']
const chromePath = resolveChromium(process.env, { fullBrowser: true })

await run('node_modules/.bin/tsx', ['scripts/build.ts', 'localstack'])

const noScriptDir = '.local/bench-noscript'
rmSync(noScriptDir, { recursive: true, force: true })
cpSync('dist', noScriptDir, { recursive: true })
const withoutScripts = readFileSync('dist/index.html', 'utf8').replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
writeFileSync(`${noScriptDir}/index.html`, withoutScripts)
writeFileSync(`${noScriptDir}/index.html.gz`, gzipSync(withoutScripts, { level: 9 }))
writeFileSync(`${noScriptDir}/index.html.br`, brotliCompressSync(withoutScripts))

const servers = [startServer(port, 'dist'), startServer(noScriptPort, noScriptDir)]
try {
  await Promise.all([waitForServer(port), waitForServer(noScriptPort)])
  const rows = []
  for (const route of routes) {
    const url = `https://localhost:${port}${route}`
    const assets = await measureAssets(url, 'dist', chromePath)
    rows.push({ route, ...kb(assets), ...(await lighthouse(url, chromePath)) })
  }
  const noScript = await lighthouse(`https://localhost:${noScriptPort}/`, chromePath)
  rows.push({ route: '/ (no scripts)', jsRaw: '0.0', jsGzip: '0.0', ...kb({ cssRaw: fileSize('dist', 'css'), cssGzip: fileSize('dist', 'css.gz') }), ...noScript })
  console.log('\nPublic routes (KB = 1,000 bytes; Lighthouse mobile defaults)\n')
  console.table(rows.map((row) => ({ ...row, lcpMs: Math.round(row.lcpMs), tbtMs: Math.round(row.tbtMs) })))
  const withScripts = rows[0]!.lcpMs
  console.log(`LCP of / with scripts ${Math.round(withScripts)} ms, without ${Math.round(noScript.lcpMs)} ms: ratio ${(withScripts / noScript.lcpMs).toFixed(2)}`)
} finally {
  for (const server of servers) server.kill('SIGTERM')
  rmSync(noScriptDir, { recursive: true, force: true })
}

function kb<T extends Record<string, number>>(bytes: T): Record<keyof T, string> {
  return Object.fromEntries(Object.entries(bytes).map(([key, value]) => [key, (value / 1000).toFixed(1)])) as Record<keyof T, string>
}

/** CSS of the landing page: the stylesheet the prerendered HTML links. */
function fileSize(dir: string, extension: 'css' | 'css.gz'): number {
  const href = readFileSync(`${dir}/index.html`, 'utf8').match(/href="(\/assets\/[^"]+\.css)"/)?.[1]
  if (!href) return 0
  const path = `${dir}${href}${extension === 'css.gz' ? '.gz' : ''}`
  return readFileSync(path).length
}

function startServer(serverPort: number, distDir: string): ChildProcess {
  return spawn('node_modules/.bin/tsx', ['server/main.ts'], {
    // Each server keeps its own data: two PGlite databases cannot share one folder.
    env: { ...process.env, PORT: String(serverPort), DIST_DIR: distDir, LOCAL_DIR: `.local/bench-${serverPort}` },
    stdio: 'ignore',
  })
}

async function waitForServer(serverPort: number) {
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0'
  for (let attempt = 0; attempt < 300; attempt++) {
    try {
      if ((await fetch(`https://localhost:${serverPort}/`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`The server on port ${serverPort} did not start`)
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit' })
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}`))))
  })
}
