import { expect, type Page } from '@playwright/test'
import type { EventObject } from 'xstate'
import { expectedAlong, leavesOf } from '@/testkit/model/oracle'
import { isPersonsEvent, refusalName } from '@/testkit/model/oracle-paths'
import { describeEvent } from '@/testkit/model/paths'
import { inOracleWords } from '@/testkit/model/relation'
import { machineStarted } from './app-machine'
import { recordOracleInBrowser } from './model-coverage'
import { kitOf } from './oracle-step'

type ReachedActor = { send: (event: EventObject) => void; getSnapshot: () => { status: string; _nodes: { id: string; type: string }[] } }

/** Sends the event to the page's actor of the machine (reached through `reachMachine`), and gives its leaves after, or null once it has ended. */
async function sendAndRead(page: Page, machineId: string, event: EventObject) {
  return page.evaluate(
    ({ id, event }) => {
      const actor = (window as unknown as { __prismMachines: Record<string, ReachedActor> }).__prismMachines[id]!
      if (actor.getSnapshot().status !== 'active') return null
      actor.send(event)
      const snapshot = actor.getSnapshot()
      return snapshot._nodes.filter((node) => node.type === 'atomic' || node.type === 'final').map((node) => node.id)
    },
    { id: machineId, event },
  )
}

/**
 * At a tour's end, sends the page's own actor each of the flow's events that its oracle refuses
 * there (as a stale click or a second tab would): the page must read as it did (its accessibility
 * tree, what a person and a screen reader get), and the actor must stay in the oracle's state.
 * Each checked refusal counts at the browser level.
 */
export async function expectRefusalsChangeNothingInBrowser(page: Page, flow: string, input: unknown, sent: readonly EventObject[]) {
  const { oracle, model } = kitOf(flow)
  const machineId = model.machine.id as string
  const now = expectedAlong(oracle, input, sent)
  const same = JSON.stringify(now)
  const refused = (model.events as readonly EventObject[]).filter((event) => isPersonsEvent(event) && JSON.stringify(oracle.after(now, event, input)) === same)
  if (!refused.length) return
  await machineStarted(page, machineId)
  const body = page.locator('body')
  const shown = await body.ariaSnapshot()
  const states = [...new Set(leavesOf(now.state))].sort()
  for (const event of refused) {
    const leaves = await sendAndRead(page, machineId, event)
    // The branch is the test's end: an actor that has ended (the browser leaving) takes no event.
    if (!leaves) return
    expect(inOracleWords(oracle, leaves), `the state the oracle says after ${describeEvent(event)}, which the spec refuses here`).toEqual(states)
    // Polled: a page that moved for a moment of its own (a transition ending) settles back; a change the event made stays, and fails.
    await expect.poll(() => body.ariaSnapshot(), { message: `the page after ${describeEvent(event)}, which the spec refuses here` }).toBe(shown)
    recordOracleInBrowser(machineId, states, { refusal: refusalName(now, event) })
  }
}
