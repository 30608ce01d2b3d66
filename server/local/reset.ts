import { renameSync } from 'node:fs'
import { loadLocalDefaults, readServerConfig } from './config'
import { priceCatalogue } from '../payments/stripe-settings'
import { openDatabase } from './db/open-database'
import { migrate } from '../db/migrations'
import { holdDataDirectory } from './data-lock'
import { resetDatabase } from './seed'

/**
 * npm run db:reset: restores exactly the demo accounts. Refused while another process uses the
 * same LOCAL_DIR. An embedded database (PGlite) that cannot be opened or read any more is put
 * aside (`db.damaged-<time>`) and made anew.
 */
loadLocalDefaults()
const config = readServerConfig()
holdDataDirectory(config.LOCAL_DIR, 'npm run db:reset')
const dataDir = `${config.LOCAL_DIR}/db`

async function reset() {
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir })
  try {
    await migrate(db)
    await resetDatabase(db, priceCatalogue(config))
  } finally {
    await db.close().catch(() => {})
  }
}

try {
  await reset()
} catch (error) {
  if (config.DATABASE_URL) throw error
  const aside = `${dataDir}.damaged-${new Date().toISOString().replace(/[:.]/g, '-')}`
  console.error(`The local database in ${dataDir} could not be read (${error instanceof Error ? error.message : String(error)}): moved to ${aside}, making a new one.`)
  renameSync(dataDir, aside)
  await reset()
}
console.log('The database holds the demo accounts again.')
