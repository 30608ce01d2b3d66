import { ModuleInfo } from 'eslint-plugin-import-x/core/module-info'
import { isExternalModule, moduleVisitor, resolve } from 'eslint-plugin-import-x/utils'

/**
 * import-x's no-cycle, with type-only imports counted: its rule skips `import type` (types are
 * erased), and has no option to count them, so a circle held by types alone passed. A circle of
 * types still ties the files' meaning together (neither reads without the other): the shared type
 * goes where both import it. Packages are left out, as with `ignoreExternal`.
 */
const noCycle = {
  meta: {
    type: 'suggestion',
    docs: { description: 'Forbid a module from importing, by value or by type, a module with a dependency path back to itself.' },
    schema: [],
    messages: { cycle: 'Dependency cycle detected', cycleSource: 'Dependency cycle via "{{source}}"' },
  },
  create(context) {
    const filename = context.physicalFilename
    if (filename === '<text>') return {}
    const external = (name) => isExternalModule(name, resolve(name, context), context)
    // The files already walked from this file: each is walked once per linted file.
    const traversed = new Set()
    return {
      ...moduleVisitor((source, importer) => {
        if (external(source.value)) return
        const imported = ModuleInfo.get(source.value, context)
        if (imported == null || imported.path === filename || traversed.has(imported.path)) return
        traversed.add(imported.path)
        const route = routeBack(imported, filename, traversed, external)
        if (route === null) return
        if (route.length > 0) context.report({ node: importer, messageId: 'cycleSource', data: { source: route.map((s) => `${s.value}:${s.loc.start.line}`).join('=>') } })
        else context.report({ node: importer, messageId: 'cycle' })
      }),
      'Program:exit'() {
        traversed.clear()
      },
    }
  },
}

/** The imports from `start` that lead back to `filename`, breadth first; null when none does. */
function routeBack(start, filename, traversed, external) {
  const untraversed = [{ module: () => start, route: [] }]
  while (untraversed.length > 0) {
    const { module, route } = untraversed.shift()
    const info = module()
    if (info == null) continue
    for (const [path, { resolve: next, declarations }] of info.getImports()) {
      if (traversed.has(path)) continue
      const followed = [...declarations].filter(({ source }) => !external(source.value))
      if (followed.length === 0) continue
      if (path === filename) {
        // What was queued but not walked may lead back by another route: the next import walks it.
        for (const pending of untraversed) traversed.delete(pending.path)
        return route
      }
      traversed.add(path)
      untraversed.push({ module: next, path, route: [...route, followed[0].source] })
    }
  }
  return null
}

export default { rules: { 'no-cycle': noCycle } }
