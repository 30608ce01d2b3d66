/** An API call as the browser timed it: when its request left and when its answer had come. */
export interface TimedCall {
  url: string
  start: number
  end: number
}

/**
 * The round trips in sequence on a page's path: the longest chain of calls in which each one
 * started only after the one before it had answered. Calls sent side by side count once, however
 * many they are; a call sent after another's answer adds one.
 */
export function sequentialRoundTrips(calls: readonly TimedCall[]): number {
  const byStart = [...calls].sort((a, b) => a.start - b.start)
  const depths: number[] = []
  byStart.forEach((call, index) => {
    const waitedFor = byStart.slice(0, index).flatMap((before, at) => (before.end <= call.start ? [depths[at]!] : []))
    depths.push(1 + Math.max(0, ...waitedFor))
  })
  return Math.max(0, ...depths)
}
