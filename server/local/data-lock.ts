import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import { join } from 'node:path'

/**
 * One process at a time on a local data directory (`LOCAL_DIR`): two PGlite instances on one
 * folder damage the embedded database, so a second `npm start`, `npm run db:reset` or benchmark on
 * it stops at once and says which process holds it. A lock left by a process that has died is
 * taken over. The lock is a file holding the holder's pid and command; it goes when the holder exits.
 */
export function lockDataDirectory(localDir: string, purpose: string): () => void {
  mkdirSync(localDir, { recursive: true })
  const path = join(localDir, 'lock')
  for (;;) {
    try {
      const fd = openSync(path, 'wx')
      writeSync(fd, JSON.stringify({ pid: process.pid, purpose }))
      closeSync(fd)
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const holder = readHolder(path)
      if (holder && holder.pid !== process.pid && isRunning(holder.pid)) throw new DataDirectoryInUseError(localDir, holder)
      // The holder has died (or the file was half written): the lock is free.
      rmSync(path, { force: true })
    }
  }
  let released = false
  const release = () => {
    if (released) return
    released = true
    if (readHolder(path)?.pid === process.pid) rmSync(path, { force: true })
  }
  process.once('exit', release)
  return release
}

export class DataDirectoryInUseError extends Error {
  constructor(localDir: string, holder: { pid: number; purpose: string }) {
    super(`${localDir} is in use by process ${holder.pid} (${holder.purpose}): stop it first, or set LOCAL_DIR to another folder.`)
  }
}

function readHolder(path: string): { pid: number; purpose: string } | undefined {
  try {
    const holder = JSON.parse(readFileSync(path, 'utf8')) as { pid?: unknown; purpose?: unknown }
    return typeof holder.pid === 'number' ? { pid: holder.pid, purpose: String(holder.purpose ?? 'unknown') } : undefined
  } catch {
    return undefined
  }
}

function isRunning(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** For an entry point: takes the lock, or stops the process with the one line that says who holds it. */
export function holdDataDirectory(localDir: string, purpose: string) {
  try {
    return lockDataDirectory(localDir, purpose)
  } catch (error) {
    if (!(error instanceof DataDirectoryInUseError)) throw error
    console.error(error.message)
    process.exit(1)
  }
}
