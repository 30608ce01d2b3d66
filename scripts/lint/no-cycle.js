import { ModuleInfo } from 'eslint-plugin-import-x/core/module-info'
import { isExternalModule, moduleVisitor, resolve } from 'eslint-plugin-import-x/utils'

/**
 * import-x's no-cycle, with type-only imports counted: its rule skips `import type` (types are
 * erased), and has no option to count them, so a circle held by types alone passed. A circle of
 * types still ties the files' meaning together (neither reads without the other): the shared type
 * goes where both import it. Packages are left out, as with `ignoreExternal`.
 *
 * An import closes a circle when the module it names is in the same strongly connected part of the
 * import graph as the file. The parts are found once for every module reached (Tarjan's algorithm)
 * and kept while files are being linted: walking the graph back anew from each file was half of
 * ESLint's time. They are found anew once no file has been linted for a moment (an editor's next
 * edit), since a file's imports may have changed since.
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
    const graph = currentGraph(external)
    return moduleVisitor((source, importer) => {
      if (external(source.value)) return
      const imported = ModuleInfo.get(source.value, context)
      if (imported == null || imported.path === filename) return
      graph.partsFrom(imported)
      // The file is reached back from what it imports only if both are in one part.
      const part = graph.partOf(imported.path)
      if (part === undefined || graph.partOf(filename) !== part) return
      const route = routeBack(imported, filename, external)
      if (route !== null && route.length > 0) context.report({ node: importer, messageId: 'cycleSource', data: { source: route.map((s) => `${s.value}:${s.loc.start.line}`).join('=>') } })
      else context.report({ node: importer, messageId: 'cycle' })
    })
  },
}

/** How long without a file linted before the graph is read anew. */
const idleMs = 2000
let kept = { graph: undefined, lastUse: 0 }

function currentGraph(external) {
  const now = Date.now()
  if (!kept.graph || now - kept.lastUse > idleMs) kept = { graph: importGraph(external), lastUse: now }
  kept.lastUse = now
  return kept.graph
}

/** The modules each module imports (packages left out), as import-x reads them, each with the first import statement's source that names it. */
function followedImports(info, external) {
  const next = []
  for (const [path, { resolve: module, declarations }] of info.getImports()) {
    const followed = [...declarations].find(({ source }) => !external(source.value))
    if (followed) next.push({ path, module, source: followed.source })
  }
  return next
}

/** The strongly connected parts of the import graph, found from each module asked about (Tarjan's algorithm, without recursion). */
function importGraph(external) {
  const part = new Map()
  const index = new Map()
  const low = new Map()
  const stack = []
  const onStack = new Set()
  let counter = 0
  let parts = 0

  function partsFrom(start) {
    if (index.has(start.path)) return
    const visit = (info) => {
      index.set(info.path, counter)
      low.set(info.path, counter++)
      stack.push(info.path)
      onStack.add(info.path)
      return { info, edges: followedImports(info, external), next: 0 }
    }
    const frames = [visit(start)]
    while (frames.length > 0) {
      const frame = frames.at(-1)
      if (frame.next < frame.edges.length) {
        const edge = frame.edges[frame.next++]
        if (!index.has(edge.path)) {
          const info = edge.module()
          if (info != null) frames.push(visit(info))
        } else if (onStack.has(edge.path)) low.set(frame.info.path, Math.min(low.get(frame.info.path), index.get(edge.path)))
        continue
      }
      frames.pop()
      const path = frame.info.path
      const parent = frames.at(-1)
      if (parent) low.set(parent.info.path, Math.min(low.get(parent.info.path), low.get(path)))
      if (low.get(path) === index.get(path)) {
        let member
        do {
          member = stack.pop()
          onStack.delete(member)
          part.set(member, parts)
        } while (member !== path)
        parts++
      }
    }
  }
  return { partsFrom, partOf: (path) => part.get(path) }
}

/** The imports from `start` that lead back to `filename`, breadth first (for the report only); null when none does. */
function routeBack(start, filename, external) {
  const traversed = new Set([start.path])
  const untraversed = [{ module: () => start, route: [] }]
  while (untraversed.length > 0) {
    const { module, route } = untraversed.shift()
    const info = module()
    if (info == null) continue
    for (const { path, module: next, source } of followedImports(info, external)) {
      if (traversed.has(path)) continue
      if (path === filename) return route
      traversed.add(path)
      untraversed.push({ module: next, route: [...route, source] })
    }
  }
  return null
}

export default { rules: { 'no-cycle': noCycle } }
