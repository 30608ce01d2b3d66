import type { TestProjectInlineConfiguration } from 'vitest/config'
import { BaseSequencer, type TestSpecification } from 'vitest/node'
import base from '../../vitest.config'

/** The project's Vitest projects (vitest.config.ts) with only the test files a mutation run keeps. */
export function testProjects(keep: (path: string) => boolean) {
  const projects = (base.test?.projects ?? []) as TestProjectInlineConfiguration[]
  return (
    projects
      .map((project) => ({ ...project, test: { ...project.test, include: (project.test?.include ?? []).filter(keep) } }))
      // (An empty include would mean Vitest's default: every test file.)
      .filter((project) => project.test.include.length)
  )
}

/**
 * A Vitest sequencer that runs the test files matching the first pattern first, then the second's,
 * and so on, the rest last: Stryker stops a mutant's run at its first failing test, so the quick
 * files that fail first save the slow ones for the mutants that survive them.
 */
export function filesInOrder(runOrder: readonly RegExp[]) {
  const rank = (file: TestSpecification) => {
    const index = runOrder.findIndex((pattern) => pattern.test(file.moduleId))
    return index === -1 ? runOrder.length : index
  }
  return class InOrder extends BaseSequencer {
    override async sort(files: TestSpecification[]) {
      return [...(await super.sort(files))].sort((a, b) => rank(a) - rank(b))
    }
  }
}
