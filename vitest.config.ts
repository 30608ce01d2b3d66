import { readdirSync, readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { defineConfig } from 'vitest/config'
import { loadEnv } from 'vite'
import react from '@vitejs/plugin-react'

const testFile = /\.test\.tsx?$/
/** Replacing a module or a global leaks into the next file of a worker that shares its modules. */
const replacesModules = /\bvi\.(mock|doMock|stubGlobal|stubEnv)\(/

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    return entry.isDirectory() ? testFiles(path) : testFile.test(entry.name) ? [path] : []
  })
}

// Listed file by file rather than excluded by a pattern: a project's own `exclude` would replace the
// command line's (`npm test` runs the unit tests with --exclude). A file added while `vitest` watches
// is picked up when it restarts.
const files = testFiles('tests')
const source = new Map(files.map((path) => [path, readFileSync(path, 'utf8')]))
const isolated = files.filter((path) => replacesModules.test(source.get(path)!))
const shared = files.filter((path) => !isolated.includes(path))
/** A file that asks for a DOM (happy-dom) in its docblock; the others run in Node's environment. */
const inDom = (path: string) => /@vitest-environment happy-dom/.test(source.get(path)!)
/** A project of these files, or none when there are none: an empty include would mean Vitest's default, every test file. */
const project = (name: string, include: string[], options: { isolate?: boolean } = {}) => (include.length ? [{ extends: true as const, test: { name, include, ...options } }] : [])

export default defineConfig({
  // '@/…' is the project's root, as tsconfig.json's paths say.
  resolve: { tsconfigPaths: true },
  plugins: [react()],
  test: {
    environment: 'node',
    setupFiles: ['tests/setup.ts'],
    // One migrated PGlite dump for the run, from which every test process starts its databases; the
    // folder where its processes build the production server.
    globalSetup: ['tests/support/server/migrated-pglite-setup.ts', 'tests/support/server/production-server-setup.ts'],
    // Unit tests see the local stack's configuration, as the built app does.
    env: loadEnv('localstack', process.cwd(), 'VITE_'),
    restoreMocks: true,
    // Each API test file starts its own PGlite (PostgreSQL in WebAssembly): a few seconds on 2 cores.
    hookTimeout: 60_000,
    testTimeout: 30_000,
    // A worker per core: Vitest's default leaves one core free, which on two cores halves the run.
    maxWorkers: availableParallelism(),
    projects: [
      // Loading React, Mantine and XState anew for every file took 40% of the run: files that only
      // import share their worker's modules (tests/setup.ts still runs before each file).
      // A worker is kept for the next file only if that file wants the same environment: files in
      // the order of their size, Node's and happy-dom's mixed, replaced the worker at almost every
      // file. A project each keeps them apart (projects run one after the other).
      ...project('shared-dom', shared.filter(inDom), { isolate: false }),
      ...project(
        'shared-node',
        shared.filter((path) => !inDom(path)),
        { isolate: false },
      ),
      ...project('isolated', isolated),
    ],
  },
})
