import { rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { inject } from 'vitest'
import { buildProductionServer, type productionServerEntries } from '@/scripts/production-server-build'

/** This process's build of the production server: the folder it is in. */
let built: Promise<string> | undefined

/**
 * A file of the production server as `npm run build:production` compiles it (dist-server/), from
 * this tree's source, built once by the first test of a process that needs it (about a second of
 * CPU). `node` starts it in about 0.3 s of CPU, where `node --import tsx` on the source took 1.3 s:
 * tsx resolved and loaded every source file again for each production process a run starts.
 */
export function productionServerFile(entry: keyof typeof productionServerEntries): Promise<string> {
  built ??= (async () => {
    const runDir = inject('productionServerBuilds')
    // A run without the global setup (a mutation run's) builds beside it and removes its build on exit.
    const dir = join(runDir ?? resolve('node_modules', '.cache', 'prism-production-server'), String(process.pid))
    if (!runDir) process.once('exit', () => rmSync(dir, { recursive: true, force: true }))
    await buildProductionServer(dir)
    return dir
  })()
  return built.then((dir) => join(dir, `${entry}.js`))
}
