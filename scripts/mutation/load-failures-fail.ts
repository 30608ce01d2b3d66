import type { RunnerTestCase } from 'vitest'
import type { Reporter, Vitest } from 'vitest/node'

/**
 * A Vitest reporter for the mutation runs: a test file that fails before its tests exist (its
 * module throws when it loads, or a `describe` throws while the tests are collected) counts as a
 * failed test. `npm test` fails on such a file; Stryker's Vitest runner counts only the tests it
 * finds, so it scored these mutants as survivors with no test completed (a machine whose initial
 * state is renamed cannot be created, and the generated-path test files, which plan their paths
 * while collecting, fail to load). The failure is added to the file as a test of its own, which the
 * runner reads as failed.
 */
export default class LoadFailuresFail implements Reporter {
  private vitest: Vitest | undefined

  onInit(vitest: Vitest) {
    this.vitest = vitest
  }

  onTestRunEnd() {
    for (const file of this.vitest?.state.getFiles() ?? []) {
      const errors = file.result?.errors ?? []
      if (file.result?.state !== 'fail' || errors.length === 0) continue
      const failure: RunnerTestCase = {
        type: 'test',
        id: `${file.id}_load`,
        name: 'fails to load',
        fullName: `${file.name} fails to load`,
        fullTestName: 'fails to load',
        mode: 'run',
        context: undefined as never,
        file,
        suite: file,
        meta: {},
        annotations: [],
        artifacts: [],
        timeout: 0,
        result: { state: 'fail', errors, duration: 0 },
      }
      file.tasks.push(failure)
    }
  }
}
