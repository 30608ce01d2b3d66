import type { EventObject } from 'xstate'
import { leavesOf, type Expected, type Oracle, type State } from './oracle'
import { describeEvent } from './paths'

/** A path planned from the oracle alone: the events to send from the start, for one input. */
export interface OraclePath {
  input: unknown
  events: EventObject[]
  /** The oracle's move the path ends with, in words: `from --event--> to`. */
  move: string
}

/** How far the search goes: the oracle's held values (lists, counts) could grow without end. */
const limits = { depth: 10, expectations: 600 }

const moveName = (from: Expected<unknown, State>, event: EventObject, to: Expected<unknown, State>) =>
  `${leavesOf(from.state).join(' + ')} --${describeEvent(event)}--> ${leavesOf(to.state).join(' + ')}`

/**
 * The paths the spec's reference plans, not the machine: from each input, a breadth-first search
 * over what the oracle says the flow rests in and holds, sending every event of the model
 * wherever the oracle is (the person's events and every answer of every actor). One path for each
 * move the oracle makes to another state (the shortest way there, then the move), so a
 * transition the machine lacks, or guards too narrowly, is sent and found. The machine-planned
 * paths send only what the machine takes; these send what the spec says it must.
 */
export function planOraclePaths<TInput>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  oracle: Oracle<TInput, any, any>,
  events: readonly EventObject[],
  inputs: readonly TInput[],
): { paths: OraclePath[] } {
  const paths: OraclePath[] = []
  const moves = new Set<string>()
  for (const input of inputs) {
    const start = oracle.start(input)
    const seen = new Set<string>([JSON.stringify(start)])
    let frontier: [Expected<unknown, State>, EventObject[]][] = [[start, []]]
    for (let depth = 0; depth < limits.depth && frontier.length > 0; depth++) {
      const next: typeof frontier = []
      for (const [now, prefix] of frontier) {
        const nowKey = JSON.stringify(now)
        for (const event of events) {
          const after = oracle.after(now, event, input)
          const key = JSON.stringify(after)
          if (key === nowKey) continue
          const route = [...prefix, event]
          const move = moveName(now, event, after)
          // Moves are told apart by where they go from and to, and by the event's type and payload.
          if (!moves.has(move)) {
            moves.add(move)
            paths.push({ input, events: route, move })
          }
          if (seen.has(key) || seen.size >= limits.expectations) continue
          seen.add(key)
          next.push([after, route])
        }
      }
      frontier = next
    }
  }
  return { paths }
}

/** The path as a replay takes it: its steps from the start (`xstate.init`), with no model state to compare. */
export const replayable = (path: OraclePath) => ({
  input: path.input,
  steps: [{ type: 'xstate.init' } as EventObject, ...path.events].map((event) => ({ event })),
})
