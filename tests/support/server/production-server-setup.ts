import { rmSync } from 'node:fs'
import { resolve } from 'node:path'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the run's test processes build the production server, each in a folder of its own. */
    productionServerBuilds?: string
  }
}

/**
 * Vitest's global setup: names the folder where the run's processes build the production server
 * (tests/support/server/production-server.ts), and removes it at the end (a test process can be
 * stopped before its own exit handlers run). Nothing is built here, so a run that starts no
 * production process pays nothing. Inside the project: the build imports packages from node_modules.
 */
export default function setup(project: TestProject) {
  const dir = resolve('node_modules', '.cache', 'prism-production-server', `run-${process.pid}`)
  project.provide('productionServerBuilds', dir)
  return () => rmSync(dir, { recursive: true, force: true })
}
