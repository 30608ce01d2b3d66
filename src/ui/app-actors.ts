import { createActor, type AnyActorLogic, type InspectionEvent } from 'xstate'
import { useActorRef } from '@xstate/react'

/**
 * The one seam through which every actor of the app is inspected. Each actor the app starts
 * passes `inspect` as its `inspect` option, which also sees the actors it invokes. In a development
 * build the dev tools (loaded with a dynamic import from main.tsx, development only) connect to it
 * and receive every event; in a production build that branch is removed, so bundles carry nothing
 * of the dev tools.
 *
 * Code in src/ creates actors only with `createAppActor` and `useAppActorRef` (ESLint enforces it).
 */
type Sink = (event: InspectionEvent) => void

let sink: Sink | undefined
const pending: InspectionEvent[] = []
/** Events kept for the dev tools until they connect (they load while the first actors start). */
const maxPending = 2_000

/**
 * The browser tests' observation point (e2e/support/model-coverage.ts): they define
 * `window.__prismInspect` before the page's scripts run, to record the transitions the machines
 * take in the built app. No page of the app defines it, so for a visitor each event costs one
 * property lookup and nothing leaves the page.
 */
type PageWithObserver = typeof globalThis & { __prismInspect?: Sink }

export const inspect: Sink = (event) => {
  ;(globalThis as PageWithObserver).__prismInspect?.(event)
  if (import.meta.env.DEV) {
    if (sink) sink(event)
    else if (pending.length < maxPending) pending.push(event)
  }
}

/** For the dev tools: receive every inspection event, those before the call first. */
export function connectInspection(next: Sink) {
  sink = next
  pending.splice(0).forEach(next)
}

const withInspect = (options: object | undefined) => ({ ...options, inspect })

/** `createActor` with the app's inspector attached. */
export const createAppActor: typeof createActor = ((logic: AnyActorLogic, options?: object) => createActor(logic, withInspect(options) as never)) as typeof createActor

/** `useActorRef` with the app's inspector attached. */
export const useAppActorRef: typeof useActorRef = ((logic: AnyActorLogic, options?: object, observer?: never) => useActorRef(logic, withInspect(options) as never, observer)) as typeof useActorRef
