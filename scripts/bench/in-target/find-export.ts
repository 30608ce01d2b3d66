import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

/**
 * Runs inside the commit under test (its worktree is the working directory): the module of its
 * server/ that exports this name, wherever that commit keeps it. Files move between commits; the
 * names the bench needs (openPostgres, migrate, applySubscription or fulfillPurchase, ...) stay.
 */
export function findExport(name: string, root = process.cwd()): string | null {
  const declaration = new RegExp(`^export (async )?(function|const) ${name}\\b`, 'm')
  const files = (readdirSync(join(root, 'server'), { recursive: true, encoding: 'utf8' }) as string[]).filter((file) => /\.ts$/.test(file) && !/\.(test|spec)\.ts$/.test(file)).sort()
  const found = files.find((file) => declaration.test(readFileSync(join(root, 'server', file), 'utf8')))
  return found ? pathToFileURL(join(root, 'server', found)).href : null
}

/** The named export of the commit's module that declares it; throws when the commit has none. */
export async function importExport<T>(name: string): Promise<T> {
  const url = findExport(name)
  if (!url) throw new Error(`This commit's server/ exports no ${name}`)
  return ((await import(url)) as Record<string, T>)[name]!
}
