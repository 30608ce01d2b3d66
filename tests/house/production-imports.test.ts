import { readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { projectImportsOf, resolveImport } from './imports'
import { inScratchTree } from './scratch-tree'
import { productionServerEntries } from '@/scripts/production-server-build'

/**
 * Every file the entries reach through the project's imports (relative or '@/…') (static, type-only, re-exports and
 * dynamic `import()`), each with the file that first imported it. Packages are not followed.
 */
function importGraph(entries: string[], root = process.cwd()): Map<string, string | undefined> {
  const parents = new Map<string, string | undefined>(entries.map((entry) => [resolve(entry), undefined]))
  const queue = [...parents.keys()]
  for (let file = queue.shift(); file; file = queue.shift()) {
    for (const fileName of projectImportsOf(file)) {
      const target = resolveImport(root, file, fileName)
      if (!target) throw new Error(`${file}: cannot resolve ${fileName}`)
      if (parents.has(target)) continue
      parents.set(target, file)
      queue.push(target)
    }
  }
  return parents
}

/** The reached files under `folder`, each as its import chain from an entry ("a.ts -> b.ts -> c.ts"). */
function chainsInto(folder: string, entries: string[], root: string): string[] {
  const parents = importGraph(
    entries.map((entry) => join(root, entry)),
    root,
  )
  const inside = resolve(root, folder) + '/'
  return [...parents.keys()]
    .filter((file) => file.startsWith(inside))
    .map((file) => {
      const chain: string[] = []
      for (let at: string | undefined = file; at; at = parents.get(at)) chain.unshift(relative(root, at))
      return chain.join(' -> ')
    })
}

/** What scripts/build.ts compiles into dist-server/. */
const productionEntries = Object.values(productionServerEntries)

describe("the production server's imports", () => {
  it('reach no file of server/local/', () => {
    expect(chainsInto('server/local', productionEntries, process.cwd())).toEqual([])
  })

  it('reach no file that imports PGlite (the database interface is apart from it, PGlite is a local stand-in)', () => {
    const reached = [...importGraph(productionEntries).keys()]
    const importsPglite = (file: string) => ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.some(({ fileName }) => fileName.startsWith('@electric-sql/pglite'))
    expect(reached.filter(importsPglite).map((file) => relative(process.cwd(), file))).toEqual([])
  })

  it('build one Stripe gateway per process: each entry calls gatewayFromSettings at most once, and nothing else builds one', () => {
    // Calls, not the definition (`function name(`).
    const calls = (file: string, name: string) => readFileSync(file, 'utf8').match(new RegExp(`(?<!function )\\b${name}\\(`, 'g'))?.length ?? 0
    const builders = ['gatewayFromSettings', 'createStripeGateway', 'createStripeClient']
    const builtBy = [...importGraph(productionEntries).keys()]
      .map((file) => relative(process.cwd(), file))
      .flatMap((file) => builders.filter((name) => calls(file, name) > 0).map((name) => `${file}: ${name} x${calls(file, name)}`))
    expect(builtBy.sort()).toEqual([
      'server/payments/gateway-from-settings.ts: createStripeClient x1',
      'server/payments/gateway-from-settings.ts: createStripeGateway x1',
      'server/production.ts: gatewayFromSettings x1',
      'server/reconciliation/main.ts: gatewayFromSettings x1',
    ])
  })

  it('are walked far enough to matter: the API, the database and the mail', () => {
    const reached = [...importGraph(productionEntries).keys()].map((file) => relative(process.cwd(), file))
    expect(reached).toEqual(expect.arrayContaining(['server/production.ts', 'server/db/migrate.ts', 'server/api/create-api.ts', 'server/db/migrations.ts', 'server/mail/start.ts']))
  })

  it('would be caught reaching server/local/, through a static or a dynamic import, relative or from the root, with the chain', () => {
    const files = {
      'server/production.ts': "import { a } from './api/app'\nexport { b } from './db/b.js'\nconsole.log(a)\n",
      'server/api/app.ts': "import type { T } from '../types'\nexport const a: T = 1\nexport const later = () => import('../local/sandbox')\n",
      'server/types.ts': 'export type T = number\n',
      'server/db/b.ts': "import '@/server/local/seed'\nexport const b = 2\n",
      'server/local/sandbox/index.ts': 'export const sandbox = 3\n',
      'server/local/seed.ts': "import { stripe } from 'stripe'\nexport const seed = stripe\n",
    }
    expect(inScratchTree(files, (root) => chainsInto('server/local', ['server/production.ts'], root).sort())).toEqual([
      'server/production.ts -> server/api/app.ts -> server/local/sandbox/index.ts',
      'server/production.ts -> server/db/b.ts -> server/local/seed.ts',
    ])
  })
})
