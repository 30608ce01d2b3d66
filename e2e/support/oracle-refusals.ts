import { expect, type Page } from '@playwright/test'
import type { EventObject } from 'xstate'
import { expectedAlong, leavesOf } from '@/testkit/model/oracle'
import { refusalName, refusedEvents } from '@/testkit/model/oracle-paths'
import { describeEvent } from '@/testkit/model/paths'
import { inOracleWords } from '@/testkit/model/relation'
import { sendEachAndReadLeaves } from './app-machine'
import { recordOracleInBrowser } from './model-coverage'
import { kitOf } from './oracle-step'

/**
 * Where a tour rests (at its end; in the accessibility sweep and the upgrade wizard's sandbox paths,
 * in each state: decision 0074), sends the page's own actor each of the flow's events that its oracle refuses
 * there (as a stale click or a second tab would): the page must read as it did (its accessibility
 * tree, what a person and a screen reader get), and the actor must stay in the oracle's state.
 * Each checked refusal counts at the browser level.
 */
export async function expectRefusalsChangeNothingInBrowser(page: Page, flow: string, input: unknown, sent: readonly EventObject[]) {
  const { oracle, model } = kitOf(flow)
  const machineId = model.machine.id as string
  const now = expectedAlong(oracle, input, sent)
  const refused = refusedEvents(oracle, now, model.events as readonly EventObject[], input)
  if (!refused.length) return
  const body = page.locator('body')
  const shown = await body.ariaSnapshot()
  const states = [...new Set(leavesOf(now.state))].sort()
  // Sent in one exchange with the page, the actor's state read after each; the page is read once all
  // are sent, rather than twice an event (decision 0073 has what that saved: less than the machine's spread).
  const after = await sendEachAndReadLeaves(page, machineId, refused)
  for (const [index, leaves] of after.entries()) {
    const event = refused[index]!
    // The branch is the test's end: an actor that has ended (the browser leaving) takes no event, and its page has nothing to keep.
    if (!leaves) return
    expect(inOracleWords(oracle, leaves), `the state the oracle says after ${describeEvent(event)}, which the spec refuses here`).toEqual(states)
    recordOracleInBrowser(machineId, states, { refusal: refusalName(now, event) })
  }
  // Polled: a page that moved for a moment of its own (a transition ending) settles back; a change an event made stays, and fails.
  await expect.poll(() => body.ariaSnapshot(), { message: `the page after ${refused.map(describeEvent).join(', ')}, which the spec refuses here` }).toBe(shown)
}
