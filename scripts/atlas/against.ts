import { execFileSync } from 'node:child_process'
import { existsSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { run } from '../processes'

const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim()

/** The commit a ref names (a branch, a tag, HEAD~2…), or a clear error. */
export function commitOf(ref: string): string {
  try {
    return git('rev-parse', '--verify', '--quiet', `${ref}^{commit}`)
  } catch {
    throw new Error(`--against ${ref}: no such commit here`)
  }
}

/**
 * The other commit's screenshots, taken the same way: its tree checked out beside this one (a
 * detached worktree with this checkout's node_modules linked in), its site built, its tours walked
 * by its own atlas capture into `into`, on the same port, after this run's. A tour of its that
 * fails leaves the others' screenshots; `tours` chooses the same tours as this run. The worktree
 * is removed at the end.
 */
export async function captureAt(commit: string, into: string, tours?: string): Promise<Error | undefined> {
  const dir = join(tmpdir(), `prism-atlas-${commit.slice(0, 12)}`)
  const removeWorktree = () => {
    if (existsSync(dir)) git('worktree', 'remove', '--force', dir)
    rmSync(dir, { recursive: true, force: true })
  }
  removeWorktree()
  git('worktree', 'add', '--detach', dir, commit)
  try {
    execFileSync('cp', ['-al', 'node_modules', join(dir, 'node_modules')])
    await run('npm', ['run', 'routes'], {}, dir)
    await run('npm', ['run', 'build'], {}, dir)
    return await run('node_modules/.bin/playwright', ['test', '--config', 'playwright.atlas.config.ts'], { ATLAS_DIR: resolve(into), ...(tours ? { ATLAS_TOURS: tours } : {}) }, dir).then(
      () => undefined,
      (error: Error) => error,
    )
  } finally {
    removeWorktree()
  }
}
