import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/** The one module that writes the activity table; the migrations create it and are not its writers. */
const writer = 'server/kernel/activity/activity-table.ts'
const notWriters = new Set([writer, 'server/db/migrations.ts'])

/** Whether source text inserts into the activity table (bare, quoted or schema-qualified). */
const insertsActivity = (text: string) => /insert\s+into\s+(?:"?public"?\.)?"?activity"?(?![\w"])/i.test(text)

const serverFiles = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return serverFiles(path)
    return /\.[cm]?[jt]sx?$/.test(entry.name) ? [path] : []
  })

describe("the activity table's writer", () => {
  it('is one module: no other file of server/ inserts into the activity table', () => {
    const writers = serverFiles('server').filter((file) => !notWriters.has(file) && insertsActivity(readFileSync(file, 'utf8')))
    expect(writers).toEqual([])
  })

  it('is the module that writes the insert', () => {
    expect(insertsActivity(readFileSync(writer, 'utf8'))).toBe(true)
  })

  it('would be caught however the statement spells the table, and not for another table', () => {
    for (const sql of ['insert into activity (id) values ($1)', 'INSERT  INTO\n "activity" (id)', 'insert into public.activity (id)', 'insert into "public"."activity" (id)']) {
      expect(insertsActivity(sql), sql).toBe(true)
    }
    for (const sql of ['insert into activity_archive (id)', 'select 1 from activity', 'insert into mail_outbox (id)']) {
      expect(insertsActivity(sql), sql).toBe(false)
    }
  })
})
