import type { InspectionEvent } from 'xstate'

/**
 * `?inspect` (development builds only): the Stately inspector, from @statelyai/inspect, in a window
 * it opens (allow pop-ups for the site). It receives the events of every actor of the tab.
 */
export async function attachStatelyInspector(): Promise<(event: InspectionEvent) => void> {
  const { createBrowserInspector } = await import('@statelyai/inspect')
  const inspector = createBrowserInspector()
  return (event) => inspector.inspect.next?.(event)
}
