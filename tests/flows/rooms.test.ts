import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { camelCase } from '@/testkit/model/flow-kit'
import { flows } from '@/testkit/model/flows'

/** Every flow, by the name of its machine's file: machines/<flow>.machine.ts. */
const machineFlows = readdirSync('machines')
  .flatMap((file) => /^(.+)\.machine\.ts$/.exec(file)?.[1] ?? [])
  .sort()

const filesUnder = (dir: string): string[] => readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((file) => join(dir, file))
const sourceFiles = filesUnder('src').filter((file) => /\.tsx?$/.test(file))
const folders = (dir: string) => readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? [entry.name] : []))

/** The folders of src/ whose code imports the flow's machine: its feature (src/features/<feature>/), or src/auth/ or src/ui/<part>/ where it lives there. */
function featuresOf(flow: string) {
  const imports = new RegExp(`machines/${flow}\\.machine'`)
  const users = sourceFiles.filter((file) => imports.test(readFileSync(file, 'utf8')))
  return [...new Set(users.flatMap((file) => /^src\/(features\/[^/]+|auth|ui\/[^/]+)\//.exec(file)?.[1] ?? []))]
}

/**
 * A flow lives in five places named by it: its machine, its feature folder, its test kit
 * (testkit/flows/<flow>/), its tests (tests/flows/<flow>/) and its browser tour
 * (e2e/tours/<flow>.tour.ts), or a `noTour` in its model that says why it has none.
 */
describe("every flow's room", () => {
  it('has a test kit and a test folder for each machine, and none for a machine that is not there', () => {
    expect(folders('testkit/flows')).toEqual(machineFlows)
    expect(folders('tests/flows')).toEqual(machineFlows)
    expect(flows.map((kit) => kit.flow)).toEqual(machineFlows)
  })

  for (const flow of machineFlows) {
    describe(flow, () => {
      const kit = flows.find((each) => each.flow === flow)

      it('has a feature that runs its machine', () => expect(featuresOf(flow), `a folder of src/ that imports machines/${flow}.machine`).not.toEqual([]))

      it("has its model, its oracle, its view table and its oracle's anchors in testkit/flows/", () => {
        expect(Object.values(machineModule(flow)), `testkit/flows/${flow}/${flow}.model.ts models machines/${flow}.machine.ts`).toContain(kit?.model.machine)
        expect(kit?.oracle).toBeDefined()
        expect(kit?.viewTable).toBeDefined()
        expect(kit?.anchors.length, `testkit/flows/${flow}/${flow}.anchors.ts names a wrong transition its oracle catches`).toBeGreaterThan(0)
      })

      it('has its tests in tests/flows/', () => expect(filesUnder(`tests/flows/${flow}`).filter((file) => /\.test\.tsx?$/.test(file))).not.toEqual([]))

      // A file of the flow's own, not one for every flow: a mutation run of one machine runs only its flow's paths (flow-paths.ts says why).
      it('has its paths, the machine’s and the oracle’s, replayed on its machine', () => {
        const file = `tests/flows/${flow}/${flow}.paths.test.ts`
        const name = camelCase(flow)
        expect(existsSync(file) ? readFileSync(file, 'utf8') : '', file).toContain(`describeFlowPaths(${name}Model, ${name}Oracle)`)
      })

      it('has a browser tour, or says why it has none', () => {
        const toured = existsSync(`e2e/tours/${flow}.tour.ts`)
        expect({ toured, noTour: Boolean(kit?.noTour) }, `e2e/tours/${flow}.tour.ts, or a noTour in testkit/flows/${flow}/${flow}.model.ts`).toEqual({ toured, noTour: !toured })
      })
    })
  }
})

const machineModules = import.meta.glob<Record<string, unknown>>('../../machines/*.machine.ts', { eager: true })
const machineModule = (flow: string) => machineModules[`../../machines/${flow}.machine.ts`] ?? {}
