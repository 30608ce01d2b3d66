import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { RecordedActivity } from '@/server/kernel/activity/activity-entry'
import type { Database } from '@/server/db/database'
import { migrate } from '@/server/db/migrations'
import { resetDatabase } from '@/server/local/seed'
import { startMailCatcher, type MailCatcher } from '@/server/local/mail-catcher'
import { person, stripeSettings } from '@/tests/support/server/api-harness'
import { describeOnEachDatabase, type TestDatabase } from '@/tests/support/server/database'

export const cara = person('commercial@example.com')
/** Cara's Commercial subscription in the demo seed: 5 seats. */
export const caraSubscription = 'sub_demo_commercial'

/** The demo accounts on a migrated database. */
export async function openSeeded(open: () => Promise<Database>): Promise<Database> {
  const db = await open()
  await migrate(db)
  await resetDatabase(db, stripeSettings.prices)
  return db
}

/** One `describe` per database (`$name` in the title) with the demo accounts on it before its tests, closed after. */
export function describeSeeded(title: string, tests: (db: Database, database: TestDatabase) => void) {
  describeOnEachDatabase(title, { start: openSeeded, stop: (db) => db.close() }, tests)
}

let sequence = 0
/** An activity as recordActivity returns it: by default Cara assigning a Commercial seat. */
export const activity = (entry: Partial<RecordedActivity>): RecordedActivity => ({
  id: `act_test_${++sequence}`,
  at: new Date(),
  ownerOid: cara.oid,
  kind: 'assign',
  actor: { oid: cara.oid, name: 'Cara Commercial', email: cara.email },
  priceId: 'commercial',
  subjectEmail: null,
  seats: null,
  subscriptionId: caraSubscription,
  ...entry,
})

export interface QueuedRow {
  id: string
  recipient: string
  subject: string
  text: string
  html: string
  attempts: number
  next_attempt_at: Date | null
  sent_at: Date | null
  last_error: string | null
  dedupe_key: string | null
}

export const outbox = (db: Database) => db.query<QueuedRow>('select * from mail_outbox order by created_at, id')

/** MailDev on free ports, its files in a folder of its own that stopping removes. */
export async function startCatcher(ports: { smtpPort?: number; webPort?: number } = {}): Promise<MailCatcher> {
  const mailDir = mkdtempSync(join(tmpdir(), 'prism-maildev-'))
  const catcher = await startMailCatcher({ smtpPort: ports.smtpPort ?? 0, webPort: ports.webPort ?? 0, mailDir })
  return {
    ...catcher,
    stop: async () => {
      await catcher.stop()
      rmSync(mailDir, { recursive: true, force: true })
    },
  }
}

/** A message as MailDev's REST API returns it. */
export interface CaughtMail {
  subject: string
  from: { address: string; name: string }[]
  to: { address: string; name: string }[]
  text: string
  html: string
}

export async function caught(restUrl: string): Promise<CaughtMail[]> {
  const answer = await fetch(`${restUrl}/email`)
  return (await answer.json()) as CaughtMail[]
}
