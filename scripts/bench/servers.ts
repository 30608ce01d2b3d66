import { spawn } from 'node:child_process'
import { closeSync, openSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import type { Target } from './checkout'
import type { Database } from './options'

export interface Running {
  url: string
  /** The server's process (its CPU time is counted: scripts/bench/cpu.ts). */
  pid: number
  stop(): Promise<void>
}

export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

/**
 * Starts the commit's server with only these variables, on 127.0.0.1: `node dist-server/production.js`
 * (configured as docs/deploying.md says), or, for a commit before it, the bench's adapter around its
 * accounts app; on PGlite, this tree's scripts/bench/pglite-server.ts (the API as the local stack
 * builds it, through production's request handler). Its output goes to `logFile` (the request log included: written as in production,
 * read by nobody). Resolves once it answers HTTP; rejects with the log's end when it exits first.
 */
export async function startServer(target: Target, env: Record<string, string>, logFile: string, database: Database = 'postgresql'): Promise<Running> {
  const port = await freePort()
  const log = openSync(logFile, 'a')
  const variables = {
    PATH: process.env.PATH!,
    HOME: process.env.HOME ?? '/tmp',
    HOST: '127.0.0.1',
    PORT: String(port),
    ...(process.env.BENCH_TRACE_SOCKETS ? { BENCH_TRACE_SOCKETS: '1' } : {}),
    ...env,
  }
  // BENCH_NODE_ARGS reach the server's node only, production's or the PGlite bench server's (for example `--cpu-prof --cpu-prof-dir=prof` to profile it under load).
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []
  const child =
    database === 'pglite'
      ? spawn(process.execPath, [...nodeArgs, '--import', 'tsx', join(import.meta.dirname, 'pglite-server.ts')], { cwd: target.root, env: variables, stdio: ['ignore', log, log] })
      : target.kind === 'production'
        ? spawn(process.execPath, [...nodeArgs, 'dist-server/production.js'], { cwd: target.root, env: variables, stdio: ['ignore', log, log] })
        : spawn(join(target.root, 'node_modules/.bin/tsx'), [join(target.helpers, 'app-server.ts')], { cwd: target.root, env: variables, stdio: ['ignore', log, log] })
  closeSync(log)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  let gone = false
  void exited.then(() => (gone = true))
  const url = `http://127.0.0.1:${port}`
  const stop = async () => {
    if (gone) return
    child.kill('SIGTERM')
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000)
    await exited
    clearTimeout(killer)
  }
  for (const deadline = Date.now() + 90_000; ;) {
    if (gone) throw new Error(`${target.label}'s server exited before answering:\n${readFileSync(logFile, 'utf8').slice(-4_000)}`)
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`${target.label}'s server did not answer within 90 s:\n${readFileSync(logFile, 'utf8').slice(-4_000)}`)
    }
    const answered = await fetch(`${url}/api/licenses`, { signal: AbortSignal.timeout(2_000) })
      .then(async (response) => (await response.body?.cancel(), true))
      .catch(() => false)
    if (answered) return { url, pid: child.pid!, stop }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}
