import { defineConfig } from 'vitest/config'
import type { TestProjectInlineConfiguration, ViteUserConfig } from 'vitest/config'
// A Vitest configuration is bundled before any alias applies: '@/…' would be looked for as a package.
// eslint-disable-next-line no-restricted-imports
import base from '../../vitest.config'

type Test = NonNullable<ViteUserConfig['test']>

interface MutationRun {
  /** Which test files run first: Stryker stops a mutant's run at its first failing test. */
  sequencer: NonNullable<Test['sequence']>['sequencer']
  projects: TestProjectInlineConfiguration[]
  /** Anything else this run's tests need beside the project's own Vitest configuration. */
  test?: Test
}

/** A Stryker run's Vitest configuration: the project's own, patient with instrumented code, with the tests the run keeps. */
export function mutationConfig({ sequencer, projects, test }: MutationRun) {
  return defineConfig({
    // '@/…' is the project's root, as tsconfig.json's paths say.
    resolve: { tsconfigPaths: true },
    ...base,
    test: {
      ...base.test,
      // Instrumented code on a shared machine: a long generated path, or an API test that starts PGlite, can take several times its usual time.
      testTimeout: 120_000,
      sequence: { ...base.test?.sequence, sequencer },
      // A test file that fails to load fails the mutant's run, as it fails `npm test`.
      reporters: ['default', './scripts/mutation/load-failures-fail.ts'],
      ...test,
      projects,
    },
  })
}
