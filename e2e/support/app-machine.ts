import type { BrowserContext, Page } from '@playwright/test'
import type { EventObject } from 'xstate'

type Inspected = {
  actorRef?: {
    logic?: { id?: unknown }
    send: (event: EventObject) => void
    getSnapshot: () => { status: string; value: unknown; context: Record<string, unknown>; _nodes: { id: string; type: string }[] }
  }
}
type ReachablePage = { __prismInspect?: (event: Inspected) => void; __prismMachines?: Record<string, NonNullable<Inspected['actorRef']>> }

/** The machines each browser's pages let the test reach. */
const reachable = new WeakMap<BrowserContext, Set<string>>()

/**
 * Lets the test reach the page's actor of a machine, through the app's observation point
 * (src/ui/app-actors.ts; the recording of e2e/support/model-coverage.ts goes on): for the requests
 * the app's own pages never send, such as a sign-in in a popup. Call before the page opens.
 */
export async function reachMachine(context: BrowserContext, machineId: string) {
  // Once per browser and machine: each script would wrap the observation point again.
  const reached = reachable.get(context) ?? new Set<string>()
  if (reached.has(machineId)) return
  reachable.set(context, reached.add(machineId))
  await context.addInitScript((id) => {
    const page = window as unknown as ReachablePage
    const record = page.__prismInspect
    page.__prismInspect = (event) => {
      if (event.actorRef?.logic?.id === id) page.__prismMachines = { ...page.__prismMachines, [id]: event.actorRef }
      record?.(event)
    }
  }, machineId)
}

/**
 * Waits until the page's app has started its actor of the machine: a page still loading (or a
 * document just navigated to) has not told of it yet. Needs `reachMachine` first.
 */
export async function machineStarted(page: Page, machineId: string, timeout?: number) {
  await page.waitForFunction((id) => Boolean((window as unknown as ReachablePage).__prismMachines?.[id]), machineId, { timeout })
}

/** Sends an event to the page's actor of the machine, as the app would. */
export async function sendToMachine(page: Page, machineId: string, event: EventObject) {
  await machineStarted(page, machineId)
  await page.evaluate(({ id, event }) => (window as unknown as ReachablePage).__prismMachines![id]!.send(event), { id: machineId, event })
}

/** The state and context of the page's actor of the machine. */
export async function machineSnapshot(page: Page, machineId: string) {
  await machineStarted(page, machineId)
  return page.evaluate((id) => {
    const snapshot = (window as unknown as ReachablePage).__prismMachines![id]!.getSnapshot()
    return { value: snapshot.value, context: snapshot.context }
  }, machineId)
}

/** Sends the events in one go (no other event can come between them), and gives the snapshot after each. */
export async function sendAllToMachine(page: Page, machineId: string, events: EventObject[]) {
  await machineStarted(page, machineId)
  return page.evaluate(
    ({ id, events }) => {
      const actor = (window as unknown as ReachablePage).__prismMachines![id]!
      return events.map((event) => {
        actor.send(event)
        const snapshot = actor.getSnapshot()
        return { value: snapshot.value, context: snapshot.context }
      })
    },
    { id: machineId, events },
  )
}

/**
 * Sends the events one after another in one go, and gives the leaf states (their ids) the page's
 * actor of the machine is in after each, up to the first it could not take because it had ended
 * (null there): one exchange with the page for them all.
 */
export async function sendEachAndReadLeaves(page: Page, machineId: string, events: readonly EventObject[]) {
  await machineStarted(page, machineId)
  return page.evaluate(
    ({ id, events }) => {
      const actor = (window as unknown as ReachablePage).__prismMachines![id]!
      const leaves: (string[] | null)[] = []
      for (const event of events) {
        if (actor.getSnapshot().status !== 'active') return [...leaves, null]
        actor.send(event)
        leaves.push(
          actor
            .getSnapshot()
            ._nodes.filter((node) => node.type === 'atomic' || node.type === 'final')
            .map((node) => node.id),
        )
      }
      return leaves
    },
    { id: machineId, events },
  )
}
