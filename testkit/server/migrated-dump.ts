import { PGlite } from '@electric-sql/pglite'
import { pgliteDatabase } from '../../server/db/database'
import { migrate } from '../../server/db/migrations'
import { migrateSandbox } from '../../server/local/sandbox/schema'

/** A fresh PGlite with every migration applied, the product's and the payment sandbox's, dumped as a tarball. */
export async function dumpMigrated(): Promise<Blob> {
  const fresh = await PGlite.create()
  const db = pgliteDatabase(fresh)
  await migrate(db)
  // The tests run the local stack's database: the payment sandbox's tables too.
  await migrateSandbox(db)
  const copy = await fresh.dumpDataDir('none')
  await fresh.close()
  return copy
}
