/**
 * How long each part of an atlas run took, for its last line: the atlas has a time budget
 * (docs/testing.md), and a run that overshoots it says where its time went.
 */
export function phaseTimer() {
  const started = Date.now()
  const phases: [string, number][] = []
  return {
    /** Runs one part of the run and notes its time, whether it ends well or not. */
    async time<T>(name: string, part: () => Promise<T>): Promise<T> {
      const from = Date.now()
      try {
        return await part()
      } finally {
        phases.push([name, Date.now() - from])
      }
    },
    /** '212 s (build 48 s, browser 141 s, …)': the whole run so far, and each part noted. */
    summary(): string {
      const seconds = (ms: number) => `${Math.round(ms / 1000)} s`
      return `${seconds(Date.now() - started)}${phases.length ? ` (${phases.map(([name, ms]) => `${name} ${seconds(ms)}`).join(', ')})` : ''}`
    },
  }
}
