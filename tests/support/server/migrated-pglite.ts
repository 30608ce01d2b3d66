import { randomUUID } from 'node:crypto'
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { inject } from 'vitest'
import { type Database } from '@/server/db/database'
import { pgliteDatabase } from '@/server/local/db/pglite'
import { migrate } from '@/server/db/migrations'
import { migrateSandbox } from '@/server/local/sandbox/schema'
import { createPglitePool } from './pglite-pool'

/**
 * The migrated database every new one in this process starts from. Starting PGlite and migrating
 * takes 2.5–3 s of CPU, starting from a dump about 0.4 s: the first test process to need one makes
 * the run's dump (tests/support/server/migrated-pglite-setup.ts names it) and the others read it, where
 * fourteen processes in a run each made their own. A process of a run without the global setup (a
 * mutation run's) makes its own once.
 */
let migratedCopy: Promise<Blob> | undefined

/** A fresh PGlite with every migration applied, the product's and the payment sandbox's, dumped as a tarball. */
async function dumpMigrated(): Promise<Blob> {
  const fresh = await PGlite.create()
  const db = pgliteDatabase(fresh)
  await migrate(db)
  // The tests run the local stack's database: the payment sandbox's tables too.
  await migrateSandbox(db)
  const copy = await fresh.dumpDataDir('none')
  await fresh.close()
  return copy
}

async function copyOfMigrated(): Promise<Blob> {
  const shared = inject('migratedPglite')
  if (shared && existsSync(shared)) return new Blob([readFileSync(shared)])
  const copy = await dumpMigrated()
  if (shared) {
    // Written aside, then renamed: another process sees the whole dump or none. Aside under a name of
    // its own: two test files of one process (a mutation run's, each file isolated) can both write it.
    const partial = `${shared}.${process.pid}.${randomUUID()}`
    writeFileSync(partial, new Uint8Array(await copy.arrayBuffer()))
    renameSync(partial, shared)
  }
  return copy
}

const pool = createPglitePool()

/**
 * An in-memory PGlite with every migration applied, the product's and the payment sandbox's, and
 * nothing else: a new one, or one a test closed, set back (tests/support/server/pglite-pool.ts).
 */
export function openMigratedPglite(): Promise<Database> {
  return pool.open(async () => {
    migratedCopy ??= copyOfMigrated()
    return PGlite.create({ loadDataDir: await migratedCopy })
  })
}
