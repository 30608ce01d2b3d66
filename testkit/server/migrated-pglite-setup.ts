import { rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { dumpMigrated } from './migrated-dump'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The file the global setup wrote: a migrated database's data folder, as PGlite dumps it. */
    migratedPglite?: string
  }
}

// Vitest runs a global setup once for each project (and the root), each with modules of its own:
// the dump is kept on the process they share, so that one serves them all.
const run = process as { migratedPgliteDump?: Promise<string> }

/**
 * Vitest's global setup: migrates one database for the whole run, before the test processes start,
 * and hands them its dump (testkit/server/migrated-pglite.ts). Starting PGlite and migrating took
 * 2.5–3 s of CPU once in every test process that opened a database: fourteen in a run, each
 * isolated file being a process of its own. Starting from the dump takes about 0.4 s.
 */
export default async function setup(project: TestProject) {
  run.migratedPgliteDump ??= writeDump()
  project.provide('migratedPglite', await run.migratedPgliteDump)
  return async () => rmSync(await run.migratedPgliteDump!, { force: true })
}

async function writeDump() {
  const file = join(tmpdir(), `prism-migrated-pglite-${process.pid}.tar`)
  writeFileSync(file, new Uint8Array(await (await dumpMigrated()).arrayBuffer()))
  return file
}
