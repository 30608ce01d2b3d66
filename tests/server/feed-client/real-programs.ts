import { spawn } from 'node:child_process'
import { accessSync, constants } from 'node:fs'
import { request } from 'node:https'
import { createServer, connect } from 'node:net'
import { delimiter, join } from 'node:path'

/** Where a program is: on PATH, or in a system folder a non-root PATH leaves out (nginx is in /usr/sbin). */
export function programPath(name: string): string | null {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin', '/sbin']
  for (const dir of dirs.filter(Boolean)) {
    try {
      accessSync(join(dir, name), constants.X_OK)
      return join(dir, name)
    } catch {
      // not in this folder
    }
  }
  return null
}

export interface Ran {
  code: number | null
  output: string
  ms: number
}

/** Runs a program to its end: its exit code, its output (stdout and stderr together) and how long it took. */
export function run(program: string, args: string[], options: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): Promise<Ran> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env: options.env ?? process.env, cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.once('error', reject)
    child.once('close', (code) => resolve({ code, output, ms: performance.now() - started }))
  })
}

/** Runs a program that must succeed. */
export async function runOk(program: string, args: string[], options: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): Promise<Ran> {
  const ran = await run(program, args, options)
  if (ran.code !== 0) throw new Error(`${program} ${args.join(' ')} exited ${ran.code}:\n${ran.output}`)
  return ran
}

/** A port no one listens on now, on the loopback address. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/** Waits until something accepts connections on the port. */
export async function waitForPort(port: number, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1')
      socket.once('connect', () => resolve(socket.destroy() && true))
      socket.once('error', () => resolve(false))
    })
    if (open) return
    if (Date.now() > until) throw new Error(`Nothing listens on 127.0.0.1:${port} after ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

export interface Fetched {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

/** An HTTPS request that trusts the given certificate authority (Node read the system's store when it started, before the test's authority was in it). */
export function httpsRequest(url: string, options: { ca: string; method?: string; headers?: Record<string, string>; body?: string }): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { method: options.method ?? 'GET', headers: options.headers, ca: options.ca, agent: false }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.once('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }))
      response.once('error', reject)
    })
    sent.once('error', reject)
    sent.end(options.body)
  })
}
