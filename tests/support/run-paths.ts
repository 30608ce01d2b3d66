import { createActor, fromCallback, fromPromise, type AnyStateMachine, type Snapshot, type SnapshotFrom } from 'xstate'
import { expect } from 'vitest'
import type { MachinePath } from '../../testkit/model/paths'
import { inspectAt } from '../../testkit/model/recorder'

/** Actors that never settle: the path's own done and error events decide every outcome. */
export function idleActors(names: readonly string[]) {
  return Object.fromEntries(names.map((name) => [name, name.endsWith('Events') ? fromCallback(() => {}) : fromPromise(() => new Promise<never>(() => {}))]))
}

/**
 * Replays a generated path on a running actor of the machine and checks, after every step, that
 * it rests where the model says and that `expectations` hold for what the user would see there.
 * What it runs counts at the machine level of `npm run test:model`'s coverage.
 */
export function replayPath<TMachine extends AnyStateMachine>(
  machine: TMachine,
  path: MachinePath<TMachine>,
  options: { actors: readonly string[]; serialize: (snapshot: Snapshot<unknown>) => string; expectations: (snapshot: SnapshotFrom<TMachine>) => void },
) {
  const actor = createActor(machine.provide({ actors: idleActors(options.actors) } as never), { input: path.input, inspect: inspectAt('machine') })
  actor.start()
  for (const step of path.steps) {
    if (step.event.type !== 'xstate.init') actor.send(step.event)
    const live = actor.getSnapshot() as SnapshotFrom<TMachine>
    expect(options.serialize(live)).toBe(options.serialize(step.state))
    options.expectations(live)
  }
  actor.stop()
}
