import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, rmSync } from 'node:fs'
import { serversReady, untilServerReady, type E2eServer } from '../e2e/support/servers'
import { run } from './processes'

/**
 * The browser tests' servers, started side by side: Playwright starts its web servers one after
 * another, and the development server alone takes ten seconds. The first server's data is reset to
 * the demo accounts and copied for the others, so every server starts from the same demo data
 * without starting PostgreSQL in WebAssembly from scratch once more. Prints `serversReady` once every
 * server answers, but for those that start beside the tests (their own tests wait for them); if one
 * stops, so do the others and this process.
 */
const servers = JSON.parse(process.argv[2] ?? '[]') as E2eServer[]
const [first, ...others] = servers
if (!first) throw new Error('Usage: tsx scripts/e2e-servers.ts \'[{"port":…,"localDir":…,"dev":false,"readyPath":"/","env":{}}]\'')

await run('node_modules/.bin/tsx', ['server/local/reset.ts'], { LOCAL_DIR: first.localDir })
for (const other of others) {
  rmSync(`${other.localDir}/db`, { recursive: true, force: true })
  cpSync(`${first.localDir}/db`, `${other.localDir}/db`, { recursive: true })
}

const children: ChildProcess[] = servers.map((server) =>
  spawn('node_modules/.bin/tsx', ['server/local/main.ts', ...(server.dev ? ['--dev'] : [])], {
    stdio: 'inherit',
    env: { ...process.env, ...server.env, PORT: String(server.port), LOCAL_DIR: server.localDir },
  }),
)
const stopAll = (code: number) => {
  for (const child of children) child.kill('SIGTERM')
  process.exit(code)
}
for (const child of children) child.on('exit', (code) => stopAll(code ?? 1))
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stopAll(0))

// Playwright gives up after two minutes (playwright.config.ts).
await Promise.all(servers.filter((server) => !server.startsBesideTests).map((server) => untilServerReady(server, 120_000)))
console.log(serversReady)
