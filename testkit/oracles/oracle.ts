import type { EventObject } from 'xstate'

/** Where a flow must be after some events, and what it must hold there (the fields a user would notice). */
export interface Expected<THeld> {
  /** The id of the leaf state the flow must rest in, e.g. `upgrade.payment.editing`. */
  state: string
  held: THeld
}

/**
 * A machine's reference, written from the spec and the product's rules independently of the
 * machine: it never runs the machine, its guards or its actions. `start` says where the flow rests
 * for an input; `after` where an event takes it from there (an actor's answer carries the fixture's output or
 * error). An event the flow does not expect where it is changes nothing.
 */
export interface Oracle<TInput, THeld> {
  start: (input: TInput) => Expected<THeld>
  after: (now: Expected<THeld>, event: EventObject, input: TInput) => Expected<THeld>
}

/** The fold: where the flow must be, and what it must hold, after the events sent (xstate.init is the start). */
export function expectedAlong<TInput, THeld>(oracle: Oracle<TInput, THeld>, input: TInput, sent: readonly EventObject[]): Expected<THeld> {
  return sent.filter((event) => event.type !== 'xstate.init').reduce((now, event) => oracle.after(now, event, input), oracle.start(input))
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
export function answerOf(event: EventObject, state: string, awaitedIn: Readonly<Record<string, string | readonly string[]>>): (Answer & { awaited: boolean }) | undefined {
  const [, outcome, actor] = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type) ?? []
  if (!outcome || !actor) return undefined
  const { output, error } = event as EventObject & { output?: unknown; error?: unknown }
  const awaited = [awaitedIn[actor] ?? []].flat().includes(state)
  return { actor, done: outcome === 'done', output, error, awaited }
}

/** What a failure shows (spec section 8): the error's message, or the flow's own text when it says nothing. */
export const shownMessage = (error: unknown, fallback?: string) => {
  if (error instanceof Error && error.message) return error.message
  return fallback ?? String(error)
}
