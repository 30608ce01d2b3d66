import { flowKits } from './flow-kit'

/**
 * Every flow's test kit (testkit/flows/<flow>/), found by Vite's glob: for the Vitest tree. Playwright
 * and the scripts, which Vite does not run, find the same kits through node-flows.ts.
 */
export const flows = flowKits(import.meta.glob<Record<string, unknown>>('../flows/*/*.{model,oracle,view-table,anchors}.ts', { eager: true }))

/** Every flow's model, in the order of the flows' names. */
export const allModels = flows.map((kit) => kit.model)
