// @ts-check
/**
 * A Stryker ignorer: no mutants in the parts of a machine's definition that XState does not run.
 * - `description`: the words of a state for the charts and the dev tools, never read by the app.
 * - `types`: TypeScript's view of context and events; XState ignores the object at run time.
 * - `meta`: the spec requirements a state realises, which the atlas's requirement table reads and
 *   the app never does (decision 0015: emptied, they changed no behaviour a test could see).
 * Written as the plain plugin object that `declareValuePlugin` of @stryker-mutator/api returns.
 */
const notRun = new Set(['description', 'types', 'meta'])

/** @type {{ shouldIgnore(path: import('@babel/core').NodePath): string | undefined }} */
const machineNotes = {
  shouldIgnore(path) {
    if (!path.isObjectProperty() || path.node.computed) return undefined
    const key = path.node.key
    const name = key.type === 'Identifier' ? key.name : key.type === 'StringLiteral' ? key.value : undefined
    return name !== undefined && notRun.has(name) && path.findParent(isMachineDefinition) ? `A machine's ${name} is not run by XState` : undefined
  },
}

/** `setup({ types, ... })` or `.createMachine({ ... })`. */
function isMachineDefinition(/** @type {import('@babel/core').NodePath} */ path) {
  if (!path.isCallExpression()) return false
  const callee = path.node.callee
  return (callee.type === 'Identifier' && callee.name === 'setup') || (callee.type === 'MemberExpression' && callee.property.type === 'Identifier' && callee.property.name === 'createMachine')
}

export const strykerPlugins = [{ kind: 'Ignore', name: 'MachineNotes', value: machineNotes }]
