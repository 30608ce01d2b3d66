import { fileURLToPath } from 'node:url'
import { importAll } from '../import-all'
import { flowKits, kitFile } from './flow-kit'

/** Every flow's test kit (testkit/flows/<flow>/), found on disk: for Playwright and the scripts (flows.ts is Vite's). */
export const flows = flowKits(await importAll(fileURLToPath(new URL('../flows/', import.meta.url)), kitFile))

/** Every flow's model, in the order of the flows' names. */
export const allModels = flows.map((kit) => kit.model)
