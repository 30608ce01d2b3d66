import type { EventObject } from 'xstate'
import { hasEffect, leavesOf, type Expected, type Oracle, type State } from './oracle'
import { describeEvent } from './paths'

/** A path planned from the oracle alone: the events to send from the start, for one input. */
export interface OraclePath {
  input: unknown
  events: EventObject[]
  /** The oracle's move the path ends with, in words: `from --event--> to`, or `state --event--x` for a refusal. */
  move: string
}

/** A path that ends with an event the oracle refuses, and the refusal's name as its coverage counts it (`refusalName`), the same however often it is planned. */
export interface RefusalPath extends OraclePath {
  refused: string
}

/** How often one input's refusal of one event in one state is planned, each time holding other values (a list, a role's figures). */
const refusalsPerState = 3

/** How far the search goes: the oracle's held values (lists, counts) could grow without end. */
const limits = { depth: 10, expectations: 600 }

const moveName = (from: Expected<unknown, State>, event: EventObject, to: Expected<unknown, State>) =>
  `${leavesOf(from.state).join(' + ')} --${describeEvent(event)}--> ${leavesOf(to.state).join(' + ')}`

/** An oracle's transition, as its coverage counts it: where from and to, and the event's type (not its payload). */
export const oracleTransition = (from: Expected<unknown, State>, event: EventObject, to: Expected<unknown, State>) =>
  `${leavesOf(from.state).join(' + ')} --${event.type}--> ${leavesOf(to.state).join(' + ')}`

/** A refusal as the planner and the coverage name it: where the oracle stands, and the event (type and payload) it refuses there. */
export const refusalName = (now: Expected<unknown, State>, event: EventObject) => `${leavesOf(now.state).join(' + ')} --${describeEvent(event)}--x`

/** An event of the person's, not an actor's answer (those come only from what the machine invoked). */
export const isPersonsEvent = (event: EventObject) => !event.type.startsWith('xstate.')

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyInputOracle<TInput> = Oracle<TInput, any, any>

/**
 * Whether `event` leaves the oracle where it stands (`now`): what it expects after (`afterKey`, as
 * JSON) is what it expected (`nowKey`), and the event has no effect (`hasEffect`).
 */
const staysPut = <TInput>(oracle: AnyInputOracle<TInput>, now: Expected<unknown, State>, event: EventObject, input: TInput, nowKey: string, afterKey: string) =>
  afterKey === nowKey && !hasEffect(oracle, now, event, input)

/** The person's events among `events` that the oracle refuses where it stands (`now`): each leaves it where it is (`staysPut`). */
export function refusedEvents<TInput>(oracle: AnyInputOracle<TInput>, now: Expected<unknown, State>, events: readonly EventObject[], input: TInput) {
  const nowKey = JSON.stringify(now)
  return events.filter((event) => isPersonsEvent(event) && staysPut(oracle, now, event, input, nowKey, JSON.stringify(oracle.after(now, event, input))))
}

/** A step of the oracle as coverage records it, at any level: a move, or a refusal checked. */
export type OracleStep = { move: string } | { refusal: string }

/**
 * What a check that agreed with the oracle after an event records: the oracle's states, and the
 * move the event made (`from --type--> to`; to where it was, for an event with an effect), or the
 * refusal it checked (a person's event that changed nothing); the start records its states alone.
 */
export function oracleStepOf<TInput>(
  oracle: AnyInputOracle<TInput>,
  input: TInput,
  from: Expected<unknown, State>,
  last: EventObject | undefined,
  to: Expected<unknown, State>,
): { states: string[]; step?: OracleStep } {
  const states = [...leavesOf(to.state)]
  if (!last || last.type === 'xstate.init') return { states }
  if (!staysPut(oracle, from, last, input, JSON.stringify(from), JSON.stringify(to))) return { states, step: { move: oracleTransition(from, last, to) } }
  return { states, step: isPersonsEvent(last) ? { refusal: refusalName(from, last) } : undefined }
}

/**
 * The paths the spec's reference plans, not the machine: from each input, a breadth-first search
 * over what the oracle says the flow rests in and holds, sending every event of the model
 * wherever the oracle is (the person's events and every answer of every actor). One path for each
 * move the oracle makes to another state, or to the same one with an effect (the shortest way there, then the move), so a
 * transition the machine lacks, or guards too narrowly, is sent and found. The machine-planned
 * paths send only what the machine takes; these send what the spec says it must.
 *
 * And refusal paths: for each input, each of the oracle's states and each event of the person's it
 * refuses there, up to three (each holding other values), the shortest way there, then the event,
 * which must change nothing the oracle holds. A machine that takes an event the spec forbids there
 * (a guard made true, a transition widened to a state where it has no place) fails, where the
 * machine-planned paths, which take each transition once, send only the payload it takes.
 */
export function planOraclePaths<TInput>(
  oracle: AnyInputOracle<TInput>,
  events: readonly EventObject[],
  inputs: readonly TInput[],
): { paths: OraclePath[]; refusals: RefusalPath[]; states: Set<string>; transitions: Set<string> } {
  const paths: OraclePath[] = []
  const refusals: RefusalPath[] = []
  const moves = new Set<string>()
  const refusedIn = new Map<string, number>()
  // The oracle's graph as far as the search went: what its coverage is counted out of.
  const states = new Set<string>()
  const transitions = new Set<string>()
  for (const input of inputs) {
    const start = oracle.start(input)
    leavesOf(start.state).forEach((state) => states.add(state))
    const seen = new Set<string>([JSON.stringify(start)])
    let frontier: [Expected<unknown, State>, EventObject[]][] = [[start, []]]
    for (let depth = 0; depth < limits.depth && frontier.length > 0; depth++) {
      const next: typeof frontier = []
      for (const [now, prefix] of frontier) {
        const nowKey = JSON.stringify(now)
        for (const event of events) {
          const after = oracle.after(now, event, input)
          const key = JSON.stringify(after)
          const route = [...prefix, event]
          if (staysPut(oracle, now, event, input, nowKey, key)) {
            if (!isPersonsEvent(event)) continue
            // Planned for each input (what is refused differs by who asks), state and event with its payload,
            // from the first few of the state's expectations the search reaches (each is expanded once): a
            // refusal can hang on what is held (no seat free, a token not marked).
            const refusal = refusalName(now, event)
            const refusalKey = `${inputs.indexOf(input)} ${refusal}`
            const times = refusedIn.get(refusalKey) ?? 0
            if (times < refusalsPerState) {
              refusedIn.set(refusalKey, times + 1)
              refusals.push({ input, events: route, move: times ? `${refusal} (holding other values, ${times + 1})` : refusal, refused: refusal })
            }
            continue
          }
          const move = moveName(now, event, after)
          leavesOf(after.state).forEach((state) => states.add(state))
          transitions.add(oracleTransition(now, event, after))
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
  return { paths, refusals, states, transitions }
}

/** The path as a replay takes it: its steps from the start (`xstate.init`), with no model state to compare. */
export const replayable = (path: OraclePath) => ({
  input: path.input,
  steps: [{ type: 'xstate.init' } as EventObject, ...path.events].map((event) => ({ event })),
})
