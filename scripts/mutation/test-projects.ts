import type { TestProjectInlineConfiguration } from 'vitest/config'
import { BaseSequencer, type TestSpecification } from 'vitest/node'
// A Vitest configuration is bundled before any alias applies: '@/…' would be looked for as a package.
// eslint-disable-next-line no-restricted-imports
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
 * The projects with every test file in modules of its own. A static mutant (a machine's states, a
 * status list, a SQL text) is applied when its module loads; files that share their worker's modules
 * (vitest.config.ts) can run a module loaded before the mutant was active, and the mutant then
 * survives tests that kill it when run alone (seen: a session machine's action name, 26 November).
 * The runs with static mutants pay the reload for a true score.
 */
export function everyFileIsolated(projects: readonly TestProjectInlineConfiguration[]) {
  return projects.map((project) => ({ ...project, test: { ...project.test, isolate: true } }))
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
