import { readFileSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { inject } from 'vitest'
import { pgliteDatabase, type Database } from '../../server/db/database'
import { dumpMigrated } from './migrated-dump'

/**
 * The migrated database every new one starts from: the run's dump (testkit/server/migrated-pglite-setup.ts),
 * or, in a run without that global setup (a mutation run's), one this process makes once.
 */
let migratedCopy: Promise<Blob> | undefined

function copyOfMigrated(): Promise<Blob> {
  const file = inject('migratedPglite')
  return file ? Promise.resolve(new Blob([readFileSync(file)])) : dumpMigrated()
}

/** A new in-memory PGlite with every migration applied, the product's and the payment sandbox's. */
export async function openMigratedPglite(): Promise<Database> {
  migratedCopy ??= copyOfMigrated()
  return pgliteDatabase(await PGlite.create({ loadDataDir: await migratedCopy }))
}
