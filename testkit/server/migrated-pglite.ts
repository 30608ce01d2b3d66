import { PGlite } from '@electric-sql/pglite'
import { pgliteDatabase, type Database } from '../../server/db/database'
import { migrate } from '../../server/db/migrations'
import { migrateSandbox } from '../../server/local/sandbox/schema'

/**
 * The files of a Vitest worker share their modules, so the first database a worker opens is
 * migrated once and copied; every later one starts from that copy. Starting PGlite and migrating
 * took about 5 s a database on these 2-core machines; starting from the copy, about 1.5 s.
 */
let migratedCopy: Promise<Blob> | undefined

async function copyOfMigrated(): Promise<Blob> {
  const fresh = await PGlite.create()
  const db = pgliteDatabase(fresh)
  await migrate(db)
  // The tests run the local stack's database: the payment sandbox's tables too.
  await migrateSandbox(db)
  const copy = await fresh.dumpDataDir('none')
  await fresh.close()
  return copy
}

/** A new in-memory PGlite with every migration applied, the product's and the payment sandbox's. */
export async function openMigratedPglite(): Promise<Database> {
  migratedCopy ??= copyOfMigrated()
  return pgliteDatabase(await PGlite.create({ loadDataDir: await migratedCopy }))
}
