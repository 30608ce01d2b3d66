import { readFileSync } from 'node:fs'
import type { EventObject } from 'xstate'
import { describe, expect, it } from 'vitest'
import type { AtlasCapture, AtlasRecord } from '@/e2e/tours/atlas-record'
import { tours } from '@/e2e/tours/tours'
import { defaultKey, tourPaths, type TourStep } from '@/e2e/support/machine-tour'
import { redNotes, stateRows } from '@/scripts/atlas/states'
import { flows } from '@/testkit/model/flows'
import type { Oracle } from '@/testkit/model/oracle'
import { activeLeafIds, inOracleWords, oracleLeavesAfter } from '@/testkit/model/relation'

/**
 * The atlas's own check on what a real run recorded: `npm run atlas -- --tours purchaseComplete`'s
 * record of the paid return (its screenshots' keys, the oracle's states and the page's machines as
 * read from the page), kept as it was written.
 */
const record = JSON.parse(readFileSync(new URL('./atlas-recorded.purchase-complete.json', import.meta.url), 'utf8')) as AtlasRecord
const kit = flows.find((each) => each.model.name === 'purchaseComplete')!
const tour = tours.purchaseComplete!

/** The path step each screenshot was taken at, found by the key it was taken under (the record keeps the events described, not sent). */
function stepOf(capture: AtlasCapture): { sent: EventObject[]; step: TourStep } {
  for (const path of tourPaths(tour).filter((one) => JSON.stringify(one.input) === JSON.stringify(record.input))) {
    const index = path.steps.findIndex((step) => (tour.keyOf ?? defaultKey)(step) === capture.key)
    if (index >= 0) return { sent: path.steps.slice(0, index + 1).map((step) => step.event), step: path.steps[index]! }
  }
  throw new Error(`No path of the tour takes ${capture.key}`)
}

/** The record as a run would have written it with another oracle: the page's machines as they were, the oracle's states from that oracle. */
function recordedWith(oracle: Oracle<unknown, unknown>): AtlasRecord {
  const captures = record.captures.map((capture) => {
    const { sent, step } = stepOf(capture)
    return { ...capture, oracle: oracleLeavesAfter(oracle, record.input, sent, activeLeafIds(step.state)) }
  })
  return { ...record, captures }
}

const notesOf = (recorded: AtlasRecord) => redNotes([{ model: kit.model, rows: stateRows(kit, tour, [recorded]) }])

describe('the atlas on a real run’s record', () => {
  it('photographed every state of the paid return, each where the oracle says, and notes nothing', () => {
    expect(record.captures.map((capture) => capture.key).sort()).toEqual(
      tourPaths(tour)
        .filter((path) => JSON.stringify(path.input) === JSON.stringify(record.input))
        // A state the page passes through is walked, not photographed.
        .flatMap((path) => path.steps.filter((step) => !tour.passing?.(step)).map((step) => (tour.keyOf ?? defaultKey)(step)))
        .filter((key, index, keys) => keys.indexOf(key) === index)
        .sort(),
    )
    // What the run noted of the oracle is what the flow's oracle says of the same events.
    expect(recordedWith(kit.oracle)).toEqual(record)
    expect(notesOf(record)).toEqual([])
  })

  it("notes, in red, a screenshot whose page's machine was not where the oracle says, naming both", () => {
    // A planted break: an oracle by which a failed status call says 'Purchase Incomplete' (the first anchor's wrong transition, on the oracle's side).
    // The oracle's states are in the spec's words: those its relation realises by the machine's checking and incomplete.
    const [checking, incomplete] = ['purchaseComplete.checking', 'purchaseComplete.incomplete'].map((leaf) => inOracleWords(kit.oracle, [leaf])[0])
    const broken: Oracle<unknown, unknown> = {
      ...kit.oracle,
      after: (now, event, input) => (event.type === 'xstate.error.actor.loadCheckoutStatus' && now.state === checking ? { ...now, state: incomplete! } : kit.oracle.after(now, event, input)),
    }
    expect(notesOf(recordedWith(broken))).toEqual([
      'purchaseComplete: The page’s own purchaseComplete machine was in purchaseComplete.delayed when this was taken; its oracle says purchaseComplete.incomplete.',
    ])
  })
})
