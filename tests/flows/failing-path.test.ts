import { existsSync, readFileSync } from 'node:fs'
import { createMachine, type EventObject } from 'xstate'
import { describe, expect, it } from 'vitest'
import { failingPathDiagram, withFailingPathSync } from '@/testkit/model/failing-path'

/** A dialog whose Try again goes nowhere, as a machine with a dropped transition would. */
const machine = createMachine({
  id: 'dialog',
  initial: 'loading',
  states: {
    loading: { on: { loaded: 'open', failed: 'failed' } },
    failed: { on: { retry: 'failed' } },
    open: { on: { close: 'closed' } },
    closed: { type: 'final' },
  },
})
const events: EventObject[] = [{ type: 'xstate.init' }, { type: 'failed' }, { type: 'retry' }]

describe('a failing path on the diagram', () => {
  it('marks the states the path rested in, the transitions it took, where it failed and where the oracle expected it', () => {
    const diagram = failingPathDiagram(machine, { input: undefined, events, failedAt: 2, expected: 'dialog.loading', error: new Error('not there') })
    const drawn = [
      'state "loading · 0 ◎ expected at step 2" as dialog_loading',
      'state "failed · 1, 2 ✗ step 2" as dialog_failed',
      'state "open" as dialog_open',
      'dialog_loading --> dialog_failed : #1 failed',
      'dialog_failed --> dialog_failed : #2 retry',
      'dialog_loading --> dialog_open : loaded',
      'class dialog_failed failed',
      'class dialog_loading expected',
    ]
    for (const line of drawn) expect(diagram).toContain(line)
  })

  it('names the page in the failure, which keeps its own words, and rethrows it', () => {
    const failure = (() => {
      try {
        withFailingPathSync({ name: 'dialog', level: 'machine', machine, input: undefined, events, expectedAt: () => 'dialog.loading' }, (step) => {
          if (step === 2) throw new Error('expected dialog.loading, got dialog.failed')
        })
      } catch (error) {
        return error as Error
      }
    })()
    expect(failure?.message).toMatch(/^expected dialog\.loading, got dialog\.failed\n\nThe path on the diagram: (test-results\/failing-paths\/dialog\.machine\.failed\.retry\.md)$/)
    const file = /The path on the diagram: (.+)$/.exec(failure!.message)![1]!
    expect(existsSync(file)).toBe(true)
    const page = readFileSync(file, 'utf8')
    expect(page).toContain('# dialog: a machine path failed at step 2')
    expect(page).toContain('expected dialog.loading, got dialog.failed')
    expect(page).toContain('2. retry ✗')
  })

  it('walks every step of a path that passes and lets it pass', () => {
    let steps = 0
    withFailingPathSync({ name: 'dialog', level: 'machine', machine, input: undefined, events }, () => void steps++)
    expect(steps).toBe(events.length)
  })
})
