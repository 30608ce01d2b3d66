import { createActor, type AnyActorLogic, type InspectionEvent } from 'xstate'
import { useActorRef } from '@xstate/react'

/**
 * The one seam through which every actor of the app is inspected. In a development build, each
 * actor the app starts passes `inspect` as its `inspect` option; the dev tools (loaded with a
 * dynamic import from main.tsx, development only) connect to it and receive the events of every
 * actor and of the actors it invokes. In a production build `inspect` is undefined and the rest
 * of this module is removed with the dead branch, so bundles carry nothing of the dev tools.
 *
 * Code in src/ creates actors only with `createAppActor` and `useAppActorRef` (ESLint enforces it).
 */
type Sink = (event: InspectionEvent) => void

let sink: Sink | undefined
const pending: InspectionEvent[] = []
/** Events kept for the dev tools until they connect (they load while the first actors start). */
const maxPending = 2_000

export const inspect: Sink | undefined = import.meta.env.DEV
  ? (event) => {
      if (sink) sink(event)
      else if (pending.length < maxPending) pending.push(event)
    }
  : undefined

/** For the dev tools: receive every inspection event, those before the call first. */
export function connectInspection(next: Sink) {
  sink = next
  pending.splice(0).forEach(next)
}

const withInspect = (options: object | undefined) => (inspect ? { ...options, inspect } : options)

/** `createActor` with the app's inspector attached. */
export const createAppActor: typeof createActor = ((logic: AnyActorLogic, options?: object) => createActor(logic, withInspect(options) as never)) as typeof createActor

/** `useActorRef` with the app's inspector attached. */
export const useAppActorRef: typeof useActorRef = ((logic: AnyActorLogic, options?: object, observer?: never) => useActorRef(logic, withInspect(options) as never, observer)) as typeof useActorRef
