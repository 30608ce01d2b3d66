import type { ActorRefLike, InspectionEvent, Snapshot } from 'xstate'
import { recorders } from '@/testkit/model/recorder'

/** The machine actors the page under test started, oldest first, by machine id. */
const started = new Map<string, ActorRefLike[]>()
/** Every snapshot each of them came to, in order. */
const snapshots = new WeakMap<ActorRefLike, Snapshot<unknown>[]>()

/** An inspector that keeps every machine actor the page starts, and the snapshots it comes to. */
export function watchRunning(event: InspectionEvent) {
  if (event.type === '@xstate.snapshot') snapshots.get(event.actorRef)?.push(event.snapshot)
  if (event.type !== '@xstate.actor') return
  const logic = (event.actorRef as { logic?: { id?: unknown; root?: unknown } }).logic
  if (!logic?.root || typeof logic.id !== 'string') return
  started.set(logic.id, [...(started.get(logic.id) ?? []), event.actorRef])
  snapshots.set(event.actorRef, [])
}

/** The component level's inspector (tests/setup.ts connects it to the app's seam): records what ran for the coverage, and keeps the page's actors. */
export function inspectComponent(event: InspectionEvent) {
  recorders.component.record(event)
  watchRunning(event)
}

/** Forgets the actors of earlier renders: the next ones are the page's. */
export function forgetRunning() {
  started.clear()
}

/** The page's newest actor of a machine. */
export function newestActorOf(machineId: string): ActorRefLike {
  const actor = started.get(machineId)?.at(-1)
  if (!actor) throw new Error(`The page runs no actor of the machine ${machineId}`)
  return actor
}

/** The snapshots an actor of the page came to, in order. */
export const snapshotsOf = (actor: ActorRefLike): readonly Snapshot<unknown>[] => snapshots.get(actor) ?? []
