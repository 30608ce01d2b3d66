import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { AnyStateMachine } from 'xstate'
import { allStateNodes, allTransitions } from '../model/coverage'
import { requirementById, requirements, requirementTag, type Requirement } from './requirements'

/** A test that names a requirement: where its title is, and the title's words (the tag left out). */
export interface NamingTest {
  file: string
  line: number
  title: string
}

/** A requirement with what realises it (state ids, transition keys, from the machines' meta) and the tests that check it. */
export interface TracedRequirement extends Requirement {
  states: string[]
  transitions: string[]
  tests: NamingTest[]
}

/** Where the tests are: Vitest's and Playwright's. */
const testRoots = ['tests', 'e2e']
const testFile = /\.(test\.tsx?|spec\.ts)$/

function testFiles(): string[] {
  return testRoots.flatMap((root) =>
    readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((name) => testFile.test(name))
      .map((name) => join(root, name))
      .sort(),
  )
}

/** Every tag in the test files: the IDs, where, and the title's words around it. */
export function namingTests(files = testFiles(), read = (file: string) => readFileSync(file, 'utf8')): { id: string; test: NamingTest }[] {
  return files.flatMap((file) =>
    read(file)
      .split('\n')
      .flatMap((text, index) =>
        [...text.matchAll(requirementTag)].flatMap((match) => {
          const title = (/(['"`])(.*?)\1/.exec(text.replace(match[0], ''))?.[2] ?? text).trim()
          return match[1]!.split(' ').map((id) => ({ id, test: { file, line: index + 1, title } }))
        }),
      ),
  )
}

/** The requirement IDs a state's or transition's meta names. */
export const requirementsOf = (meta: unknown): string[] => {
  const named = (meta as { requirements?: unknown } | undefined)?.requirements
  return Array.isArray(named) ? named.filter((id): id is string => typeof id === 'string') : []
}

/** Each state and transition of the machines that names requirements in its meta. */
export function realisations(machines: readonly AnyStateMachine[]): { id: string; kind: 'state' | 'transition'; key: string }[] {
  return machines.flatMap((machine) => [
    ...allStateNodes(machine).flatMap((node) => requirementsOf(node.meta).map((id) => ({ id, kind: 'state' as const, key: node.id }))),
    ...[...allTransitions(machine)].flatMap(([transition, key]) => requirementsOf(transition.meta).map((id) => ({ id, kind: 'transition' as const, key }))),
  ])
}

/**
 * Every requirement with its states, transitions and tests; and the IDs named in the machines or
 * the tests that are no requirement (a typo, or a rule renamed).
 */
export function traceRequirements(machines: readonly AnyStateMachine[], tagged = namingTests()) {
  const realised = realisations(machines)
  const traced: TracedRequirement[] = requirements.map((requirement) => ({
    ...requirement,
    states: realised.filter((one) => one.id === requirement.id && one.kind === 'state').map((one) => one.key),
    transitions: realised.filter((one) => one.id === requirement.id && one.kind === 'transition').map((one) => one.key),
    tests: tagged.filter((one) => one.id === requirement.id).map((one) => one.test),
  }))
  const unknown = [
    ...realised.filter((one) => !requirementById.has(one.id)).map((one) => `${one.kind} ${one.key} names ${one.id}`),
    ...tagged.filter((one) => !requirementById.has(one.id)).map((one) => `${one.test.file}:${one.test.line} names ${one.id}`),
  ]
  return { traced, unknown }
}

/** The requirements with no test and no reason to have none. */
export const untested = (traced: readonly TracedRequirement[]) => traced.filter((requirement) => requirement.tests.length === 0 && !requirement.outOfScope)
