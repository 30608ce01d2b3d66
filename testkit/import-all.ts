import { readdirSync } from 'node:fs'
import { join } from 'node:path'

/** A module's exports by name. */
export type ModuleExports = Record<string, unknown>

/**
 * Every file under `dir` whose path (relative to `dir`) matches, imported, by that path: what
 * Vite's `import.meta.glob(…, { eager: true })` gives, for the code Vite does not run (Playwright's
 * specs and the scripts run by tsx).
 */
export async function importAll(dir: string, path: RegExp): Promise<Record<string, ModuleExports>> {
  const found = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split('\\').join('/'))
    .filter((file) => path.test(file))
    .sort()
  const modules = await Promise.all(found.map((file) => import(join(dir, file)) as Promise<ModuleExports>))
  return Object.fromEntries(found.map((file, index) => [file, modules[index]!]))
}
