import type { TestProjectInlineConfiguration } from 'vitest/config'
import { defineConfig } from 'vitest/config'
import { everyFileIsolated } from './scripts/mutation/test-projects'
import shared from './vitest.stryker.config'

/**
 * The tests `npm run test:mutation:static` runs (stryker.static.config.mjs): those of
 * vitest.stryker.config.ts, each file in modules of its own, so that a static mutant is in the
 * module every test file loads.
 */
export default defineConfig({
  // '@/…' is the project's root, as tsconfig.json's paths say.
  resolve: { tsconfigPaths: true },
  ...shared,
  test: { ...shared.test, projects: everyFileIsolated((shared.test?.projects ?? []) as TestProjectInlineConfiguration[]) },
})
