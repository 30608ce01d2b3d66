import * as v from 'valibot'
import { migrate } from '../db/migrations'
import { openPostgres } from '../db/postgres'
import { gatewayFromSettings } from '../payments/gateway-from-settings'
import { stripeSettingsSchema } from '../payments/stripe-settings'
import { reconcileNow } from './job'

/**
 * npm run billing:reconcile [-- --dry-run]: compares the portal's subscriptions on DATABASE_URL with
 * Stripe's now, applies the differences (each logged) and prints what it did; with --dry-run it
 * logs the differences and changes nothing. The settings are production's (docs/deploying.md).
 */
const schema = v.object({
  DATABASE_URL: v.pipe(v.string('DATABASE_URL is required: the PostgreSQL server (postgres://…)'), v.regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// address')),
  ...v.omit(stripeSettingsSchema, ['STRIPE_WEBHOOK_SECRET']).entries,
})
const parsed = v.safeParse(schema, process.env)
if (!parsed.success) {
  console.error(parsed.issues.map((issue) => issue.message).join('\n'))
  process.exit(1)
}
const dryRun = process.argv.includes('--dry-run')
const db = await openPostgres(parsed.output.DATABASE_URL)
try {
  await migrate(db)
  const report = await reconcileNow(db, gatewayFromSettings(parsed.output), { dryRun })
  if ('runningSince' in report) {
    console.error(`A reconciliation is running already${report.runningSince ? ` (since ${report.runningSince.toISOString()})` : ''}: try again once it ends.`)
    process.exitCode = 1
  } else {
    const changed = dryRun ? 'dry run: nothing changed' : `${report.applied} brought to Stripe's state, ${report.lapsed.length} lapsed`
    console.log(
      `Compared ${report.compared} subscriptions with Stripe: ${report.differences.length} differences (logged above), ${changed}, ${report.failed} failed${report.leftOver ? `, ${report.leftOver} left for the next run (its time bound)` : ''}.`,
    )
    for (const mismatch of report.priceMismatches) console.log(`Price differs: ${mismatch}`)
    for (const over of report.overAssigned) console.log(`Fewer seats paid for than assigned (logged above): ${over}`)
    if (report.failed || report.priceMismatches.length) process.exitCode = 1
  }
} finally {
  await db.close()
}
