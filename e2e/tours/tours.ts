import { fileURLToPath } from 'node:url'
import type { AnyStateMachine } from 'xstate'
import { importAll } from '@/testkit/import-all'
import { camelCase } from '@/testkit/model/flow-kit'
import { tourPaths, type Tour, type TourPath } from '../support/machine-tour'

const tourFile = /^([a-z-]+)\.tour\.ts$/
const found = await importAll(fileURLToPath(new URL('./', import.meta.url)), tourFile)

/**
 * Every machine the browser tours, by its model's name: each e2e/tours/<flow>.tour.ts exports
 * `<flow>Tour` (camel case). The accessibility checks and the QA atlas walk them.
 */
export const tours: Record<string, Tour<AnyStateMachine>> = Object.fromEntries(
  Object.entries(found).map(([file, exports]) => {
    const exported = `${camelCase(tourFile.exec(file)![1]!)}Tour`
    const tour = exports[exported] as Tour<AnyStateMachine> | undefined
    if (!tour) throw new Error(`e2e/tours/${file} does not export ${exported}`)
    return [tour.plan.name, tour]
  }),
)

/** A tour's paths grouped by their input: a test for each, since each input starts from its own sign-in. */
export function pathsByInput(tour: Tour<AnyStateMachine>): TourPath[][] {
  const byInput = new Map<string, TourPath[]>()
  for (const path of tourPaths(tour)) {
    const input = JSON.stringify(path.input ?? null)
    byInput.set(input, [...(byInput.get(input) ?? []), path])
  }
  return [...byInput.values()]
}
