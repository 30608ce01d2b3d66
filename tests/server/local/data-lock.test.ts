import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DataDirectoryInUseError, lockDataDirectory } from '@/server/local/data-lock'

const fresh = () => mkdtempSync(join(tmpdir(), 'prism-lock-'))

/** A process of its own that takes the lock, says so, and holds it until it is killed. */
async function holdInAnotherProcess(localDir: string) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '-e',
      `import('./server/local/data-lock.ts').then(({ lockDataDirectory }) => { lockDataDirectory(${JSON.stringify(localDir)}, 'npm start'); console.log('held'); setInterval(() => {}, 1000) })`,
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('held') && resolve())
    child.once('exit', (code) => reject(new Error(`the holder exited with ${code}`)))
  })
  return child
}

describe('the local data directory lock', () => {
  it('refuses a second process, naming the one that holds it, and frees the folder when that one dies', async () => {
    const dir = fresh()
    const holder = await holdInAnotherProcess(dir)
    try {
      expect(() => lockDataDirectory(dir, 'npm run db:reset')).toThrow(DataDirectoryInUseError)
      expect(() => lockDataDirectory(dir, 'npm run db:reset')).toThrow(`${dir} is in use by process ${holder.pid} (npm start): stop it first, or set LOCAL_DIR to another folder.`)
    } finally {
      const exited = new Promise((resolve) => holder.once('exit', resolve))
      holder.kill('SIGKILL')
      await exited
    }
    // Killed, the holder left its lock file behind: it is taken over.
    expect(existsSync(join(dir, 'lock'))).toBe(true)
    const release = lockDataDirectory(dir, 'npm run db:reset')
    release()
    expect(existsSync(join(dir, 'lock'))).toBe(false)
  })

  it('takes over a lock file that is unreadable', () => {
    const dir = fresh()
    writeFileSync(join(dir, 'lock'), '{"pid":')
    const release = lockDataDirectory(dir, 'npm start')
    expect(JSON.parse(readFileSync(join(dir, 'lock'), 'utf8'))).toEqual({ pid: process.pid, purpose: 'npm start' })
    release()
  })
})
