import { expect } from 'vitest'
import { fromPromise, type EventObject } from 'xstate'
import type { MachineEffects } from '@/testkit/model/machine-effects'
import type { Expected, State } from '@/testkit/model/oracle'
import type { AnyOracle } from './oracle-check'

/**
 * Stand-ins for a machine's effects (testkit/model/machine-effects.ts) that write each down as it
 * happens, in the oracle's words: its actions, and its actors, which then never answer (as
 * `idleActors`: the path's own events decide every outcome).
 */
export function recordingEffects(effects: MachineEffects | undefined) {
  const seen: SeenEffect[] = []
  const actions = Object.fromEntries(
    Object.entries(effects?.actions ?? {}).map(([name, effectOf]) => [name, (_: unknown, params: never) => void seen.push({ effect: effectOf(params), by: 'action' })]),
  )
  const actors = Object.fromEntries(Object.entries(effects?.starts ?? {}).map(([name, effect]) => [name, fromPromise(() => (seen.push({ effect, by: 'start' }), new Promise<never>(() => {})))]))
  return { seen, actions, actors }
}

/** An effect as it happened: by an action, or by an actor's start. */
export interface SeenEffect {
  effect: string
  by: 'action' | 'start'
}

/**
 * Holds what the machine did on `event` (the effects `seen` from `before` on) to what the oracle says
 * the event does where it stood (`from`), decision 0076. Where the oracle names an effect, or the
 * event leaves it where it was (a refusal, an answer nobody awaits), the machine has exactly the
 * effects it names. A move elsewhere that names none has no effect by an action; it may start what
 * its new state starts (a list loads on entering), which is the state's to show.
 */
export function expectEffectsOfStep(oracle: AnyOracle, input: unknown, from: Expected<unknown, State>, event: EventObject, to: Expected<unknown, State>, seen: readonly SeenEffect[], before: number) {
  const named = oracle.effects?.(from, event, input) ?? []
  const staysPut = JSON.stringify(from) === JSON.stringify(to)
  const happened = seen.slice(before).filter((each) => named.length || staysPut || each.by === 'action')
  expect(
    happened.map((each) => each.effect),
    `what ${event.type} does beyond what the oracle holds: the effects it names`,
  ).toEqual(named)
}
