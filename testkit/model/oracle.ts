import type { EventObject } from 'xstate'

/** Where a flow must be after some events, and what it must hold there (the fields a user would notice). */
export interface Expected<THeld, TState extends State = string> {
  /** The id of the leaf state the flow must rest in, e.g. `upgrade.payment.editing`; in a parallel state, the leaf of each region. */
  state: TState
  held: THeld
}

/** A leaf state's id, or one per region of a parallel state. */
export type State = string | readonly string[]

/** The leaves an expectation names: one, or one per region of a parallel state. */
export const leavesOf = (state: State): string[] => [state].flat()

/**
 * How a machine realises its oracle (decision 0061): each of the oracle's states, named in the
 * spec's words, to the leaf state or states of the machine that realise it (several: any of them).
 * Every leaf of the machine realises exactly one oracle state. A parallel machine's regions are
 * related one by one: the oracle names a state per region, as it would the machine's leaves.
 */
export type Relation = Readonly<Record<string, string | readonly string[]>>

/**
 * A machine's reference, written from the spec and the product's rules independently of the
 * machine: it never runs the machine, its guards or its actions. `start` says where the flow rests
 * for an input; `after` where an event takes it from there (an actor's answer carries the fixture's output or
 * error). An event the flow does not expect where it is changes nothing.
 */
export interface Oracle<TInput, THeld, TState extends State = string> {
  /** Its states in the spec's words, each to the machine's states that realise it; left out, its states are the machine's own leaf ids. */
  relation?: Relation
  start: (input: TInput) => Expected<THeld, TState>
  after: (now: Expected<THeld, TState>, event: EventObject, input: TInput) => Expected<THeld, TState>
  /** What the flow tells the actors it was given (the session, the licenses list) on `event` where it is `now`; nothing when left out. */
  tells?: (now: Expected<THeld, TState>, event: EventObject, input: TInput) => readonly Told[]
  /**
   * What `event` does where the flow is `now` beyond what the oracle holds, in the spec's words (the
   * page reloads, the list is asked for again); nothing when left out. An event that does something
   * is taken, not refused, even where the oracle expects what it expected before (decision 0074).
   */
  effects?: (now: Expected<THeld, TState>, event: EventObject, input: TInput) => readonly string[]
}

/** An event a flow sends to an actor it was given, named by that actor's field in its input (docs/decisions/0035). */
export interface Told {
  to: string
  event: EventObject
}

/** The fold: where the flow must be, and what it must hold, after the events sent (xstate.init is the start). */
export function expectedAlong<TInput, THeld, TState extends State>(oracle: Oracle<TInput, THeld, TState>, input: TInput, sent: readonly EventObject[]): Expected<THeld, TState> {
  return sent.filter((event) => event.type !== 'xstate.init').reduce((now, event) => oracle.after(now, event, input), oracle.start(input))
}

/** What the flow must have told the actors it was given, in order, after the events sent. */
export function toldAlong<TInput, THeld, TState extends State>(oracle: Oracle<TInput, THeld, TState>, input: TInput, sent: readonly EventObject[]): Told[] {
  return gatherAlong(oracle, input, sent, (now, event) => oracle.tells?.(now, event, input))
}

/** The effects the flow must have had (`effects`), in order, after the events sent. */
export function effectsAlong<TInput, THeld, TState extends State>(oracle: Oracle<TInput, THeld, TState>, input: TInput, sent: readonly EventObject[]): string[] {
  return gatherAlong(oracle, input, sent, (now, event) => oracle.effects?.(now, event, input))
}

/** What `of` gives for each event sent, where the oracle stood when it came, in order. */
function gatherAlong<TInput, THeld, TState extends State, T>(
  oracle: Oracle<TInput, THeld, TState>,
  input: TInput,
  sent: readonly EventObject[],
  of: (now: Expected<THeld, TState>, event: EventObject) => readonly T[] | undefined,
): T[] {
  const gathered: T[] = []
  let now = oracle.start(input)
  for (const event of sent.filter((each) => each.type !== 'xstate.init')) {
    gathered.push(...(of(now, event) ?? []))
    now = oracle.after(now, event, input)
  }
  return gathered
}

/** Whether `event`, where the flow is `now`, tells an actor it was given something or has an effect the oracle names: taken, whatever it expects after. */
export function hasEffect<TInput, THeld, TState extends State>(oracle: Oracle<TInput, THeld, TState>, now: Expected<THeld, TState>, event: EventObject, input: TInput): boolean {
  return Boolean(oracle.effects?.(now, event, input).length || oracle.tells?.(now, event, input).length)
}

/** An actor's answer, as the graph feeds it: which actor, and whether it is done or failed. */
export interface Answer {
  actor: string
  done: boolean
  output?: unknown
  error?: unknown
}

/**
 * The event as an actor's answer, if it is one, and whether the flow awaits it where it is
 * (`awaitedIn`: the states each actor's answer is awaited in). An answer nobody awaits changes nothing.
 */
export function answerOf(event: EventObject, state: State, awaitedIn: Readonly<Record<string, string | readonly string[]>>): (Answer & { awaited: boolean }) | undefined {
  const [, outcome, actor] = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type) ?? []
  if (!outcome || !actor) return undefined
  const { output, error } = event as EventObject & { output?: unknown; error?: unknown }
  const awaited = [awaitedIn[actor] ?? []].flat().some((id) => leavesOf(state).includes(id))
  return { actor, done: outcome === 'done', output, error, awaited }
}

/** For an oracle's `tells` or `effects`: what the awaited answer of `actor`, once it came, tells or does; nothing for any other event. */
export function onAnswer<T>(event: EventObject, state: State, awaitedIn: Readonly<Record<string, string | readonly string[]>>, actor: string, of: (output: unknown) => readonly T[]): readonly T[] {
  const answer = answerOf(event, state, awaitedIn)
  return answer?.awaited && answer.done && answer.actor === actor ? of(answer.output) : []
}

/** For an oracle's `effects`: what the failure of any awaited actor does; nothing for any other event. */
export function onFailure<T>(event: EventObject, state: State, awaitedIn: Readonly<Record<string, string | readonly string[]>>, of: (error: unknown) => readonly T[]): readonly T[] {
  const answer = answerOf(event, state, awaitedIn)
  return answer?.awaited && !answer.done ? of(answer.error) : []
}

/** What a failure shows (spec section 8): the error's message, or the flow's own text when it says nothing. */
export const shownMessage = (error: unknown, fallback?: string) => {
  if (error instanceof Error && error.message) return error.message
  return fallback ?? String(error)
}
