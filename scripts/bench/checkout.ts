import { execFile, spawn } from 'node:child_process'
import { copyFileSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, symlinkSync, unlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

const git = async (args: string[], cwd = process.cwd()) => (await promisify(execFile)('git', args, { cwd, maxBuffer: 64 * 1024 * 1024 })).stdout

/** A commit the bench runs: its files, and how it serves the API. */
export interface Target {
  /** "this" (the working tree the bench runs in) or the ref given to --against. */
  label: string
  commit: string
  root: string
  /** production: `npm run build:production`, then `node dist-server/production.js`; app: the accounts app of a commit before the production server, served by the bench's adapter. */
  kind: 'production' | 'app'
  /** Where the bench's helpers that run inside the commit (seeding, the adapter) are. */
  helpers: string
}

const helpersHere = join(import.meta.dirname, 'in-target')

function kindOf(root: string): Target['kind'] {
  const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts?: Record<string, string> }).scripts ?? {}
  return existsSync(join(root, 'server/production.ts')) && scripts['build:production'] && scripts['start:production'] ? 'production' : 'app'
}

/** The working tree the bench runs in, uncommitted changes included. */
export async function thisTree(): Promise<Target> {
  const root = process.cwd()
  const commit = (await git(['rev-parse', '--short', 'HEAD'])).trim()
  const changed = (await git(['status', '--porcelain', '--untracked-files=no'])).trim() !== ''
  return { label: 'this', commit: changed ? `${commit}+changes` : commit, root, kind: kindOf(root), helpers: helpersHere }
}

/** Runs a command in a directory, its output shown only when it fails; bounded in time. */
export function runQuietly(command: string, args: string[], options: { cwd: string; env?: Record<string, string>; timeoutMs: number }): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000))
    child.stdout.on('data', keep)
    child.stderr.on('data', keep)
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs)
    child.on('exit', (code, signal) => {
      clearTimeout(timer)
      if (code === 0) resolve()
      else reject(new Error(`${command} ${args.join(' ')} in ${options.cwd} ${signal ? `was stopped (${signal}, over ${options.timeoutMs / 1000} s)` : `exited with ${code}`}:\n${output}`))
    })
  })
}

/**
 * The other commit in a temporary git worktree under the OS temp dir, with its dependencies: this
 * tree's node_modules by symlink when the lockfiles are identical, else `npm ci`. `onCleanup`
 * receives what removes it all again (the worktree, its directory, git's record of it).
 */
export async function otherCommit(ref: string, onCleanup: (step: () => Promise<void>) => void): Promise<Target> {
  const commit = (await git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]).catch(() => '')).trim()
  if (!commit) throw new Error(`--against ${ref}: no such commit`)
  const dir = mkdtempSync(join(tmpdir(), 'prism-bench-'))
  onCleanup(async () => {
    // The shared node_modules is a symlink: unlinked, never entered. Then the directory goes, and git
    // forgets the worktree (faster than `git worktree remove`, which walks an installed node_modules).
    const modules = join(dir, 'node_modules')
    if (existsSync(modules) && lstatSync(modules).isSymbolicLink()) unlinkSync(modules)
    rmSync(dir, { recursive: true, force: true })
    await git(['worktree', 'prune']).catch(() => {})
  })
  await git(['worktree', 'add', '--detach', '--quiet', dir, commit])
  const ownLock = readFileSync('package-lock.json', 'utf8')
  const theirLock = await git(['show', `${commit}:package-lock.json`]).catch(() => null)
  if (theirLock === ownLock && existsSync('node_modules')) {
    symlinkSync(realpathSync('node_modules'), join(dir, 'node_modules'), 'dir')
    console.log(`${ref} (${commit.slice(0, 7)}): worktree ${dir}, node_modules shared (identical lockfile)`)
  } else {
    console.log(`${ref} (${commit.slice(0, 7)}): worktree ${dir}, npm ci (its lockfile differs)...`)
    await runQuietly('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, timeoutMs: 15 * 60_000 })
  }
  // The helpers run inside the commit, so their packages (jose, @hono/node-server) resolve from its node_modules.
  const helpers = join(dir, '.bench-helpers')
  mkdirSync(helpers)
  for (const file of readdirSync(helpersHere)) copyFileSync(join(helpersHere, file), join(helpers, file))
  return { label: ref, commit: commit.slice(0, 7), root: dir, kind: kindOf(dir), helpers }
}

/** The SPA's build values (VITE_*) from the commit's .env.localstack: `build:production` reads them from the environment only. */
function viteValues(root: string): Record<string, string> {
  const file = join(root, '.env.localstack')
  if (!existsSync(file)) return {}
  return Object.fromEntries(
    readFileSync(file, 'utf8')
      .split('\n')
      .map((line) => /^(VITE_\w+)=(.*)$/.exec(line.trim()))
      .filter((match) => match !== null)
      .map((match) => [match[1]!, match[2]!]),
  )
}

/** The commit's production build (the site and dist-server/); nothing to build for the adapter. */
export async function build(target: Target): Promise<void> {
  if (target.kind !== 'production') return
  const started = Date.now()
  await runQuietly('npm', ['run', 'build:production'], { cwd: target.root, env: viteValues(target.root), timeoutMs: 10 * 60_000 })
  console.log(`${target.label} (${target.commit}): built for production in ${Math.round((Date.now() - started) / 1000)} s`)
}
