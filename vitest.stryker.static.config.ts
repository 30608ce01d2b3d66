import portal from './vitest.stryker.config'

/**
 * The tests `npm run test:mutation:static` runs (stryker.static.config.mjs): those of the portal
 * run (vitest.stryker.config.ts), whose files each load their modules anew, so that a static
 * mutant is in the module every test file loads.
 */
export default portal
