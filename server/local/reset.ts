import { loadLocalDefaults, readServerConfig } from './config'
import { priceCatalogue } from '../payments/stripe-settings'
import { openDatabase } from '../db/database'
import { migrate } from '../db/migrations'
import { resetDatabase } from './seed'

/** npm run db:reset: restores exactly the demo accounts (stop the server first when using PGlite). */
loadLocalDefaults()
const config = readServerConfig()
const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: `${config.LOCAL_DIR}/db` })
await migrate(db)
await resetDatabase(db, priceCatalogue(config))
await db.close()
console.log('The database holds the demo accounts again.')
