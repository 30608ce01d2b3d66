import { rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the run's migrated database is dumped, by the first test process that needs one. */
    migratedPglite?: string
  }
}

/**
 * Vitest's global setup: names the file that holds the run's migrated database
 * (tests/support/server/migrated-pglite.ts), and removes it at the end. Nothing is made here, so a run
 * that opens no database pays nothing. (Vitest runs it once for each project and the root: the
 * name follows this process, so they all hand out the same file.)
 */
export default function setup(project: TestProject) {
  const file = join(tmpdir(), `prism-migrated-pglite-${process.pid}.tar`)
  project.provide('migratedPglite', file)
  return () => rmSync(file, { force: true })
}
