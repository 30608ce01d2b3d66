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
  const seen: string[] = []
  const record = (effect: string) => void seen.push(effect)
  const actions = Object.fromEntries(Object.entries(effects?.actions ?? {}).map(([name, effectOf]) => [name, (_: unknown, params: never) => record(effectOf(params))]))
  const actors = Object.fromEntries(Object.entries(effects?.starts ?? {}).map(([name, effect]) => [name, fromPromise(() => (record(effect), new Promise<never>(() => {})))]))
  return { seen, actions, actors }
}

/**
 * Holds what the machine did on `event` (the effects `seen` from `before` on) to what the oracle says
 * the event does where it stood (`from`), decision 0076. Where the oracle names an effect, the machine
 * has exactly those; where the event leaves the oracle where it was and names none (a refusal, an
 * answer nobody awaits), the machine has none. A move elsewhere may start what its state starts
 * (a list loads on entering), which is the state's to show.
 */
export function expectEffectsOfStep(oracle: AnyOracle, input: unknown, from: Expected<unknown, State>, event: EventObject, to: Expected<unknown, State>, seen: readonly string[], before: number) {
  const named = oracle.effects?.(from, event, input) ?? []
  const staysPut = JSON.stringify(from) === JSON.stringify(to)
  // The branch is the check: a move to another state without an effect named says nothing of effects.
  if (named.length || staysPut) expect(seen.slice(before), `what ${event.type} does beyond what the oracle holds: the effects it names`).toEqual(named)
}
