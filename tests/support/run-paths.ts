import { createActor, fromCallback, fromPromise, type ActorRefLike, type AnyStateMachine, type EventObject, type Snapshot, type SnapshotFrom } from 'xstate'
import { act, waitFor } from '@testing-library/react'
import { expect, it } from 'vitest'
import { describeEvent, describePath, type MachinePath } from '@/testkit/model/paths'
import { expectView, type ViewTable } from './view-table'
import { inspectAt } from '@/testkit/model/recorder'
import { expectOracleAgrees, type AnyOracle } from './oracle-check'
import { expectedAlong, toldAlong, type Told } from '@/testkit/model/oracle'
import { refusedEvents } from '@/testkit/model/oracle-paths'
import { realisingLeaves } from '@/testkit/model/relation'
import { expectedStateAt, withFailingPath, withFailingPathSync } from '@/testkit/model/failing-path'
import { addressee } from '@/testkit/addressee'
import { forgetRunning, newestActorOf, snapshotsOf } from './running-actors'
import { expectEffectsOfStep, recordingEffects } from './machine-effects'
import type { MachineEffects } from '@/testkit/model/machine-effects'

/** Actors that never settle: the path's own done and error events decide every outcome. */
export function idleActors(names: readonly string[]) {
  return Object.fromEntries(names.map((name) => [name, name.endsWith('Events') ? fromCallback(() => {}) : fromPromise(() => new Promise<never>(() => {}))]))
}

/**
 * Replays a generated path on a running actor of the machine and checks, after every step, that
 * it rests where the model says, where the machine's `oracle` says (written from the spec, apart
 * from the machine), holding what the oracle says, that the `addressees` it was given were told
 * what the oracle says, that its `effects` (the model's: decision 0076) are those the oracle names
 * for each event, and that `expectations` hold.
 * What it runs counts at the machine level of `npm run test:model`'s coverage.
 */
export function replayPath<TMachine extends AnyStateMachine>(
  machine: TMachine,
  /** A path the oracle planned has no model states: only the oracle is compared along it. */
  path: Pick<MachinePath<TMachine>, 'input'> & { steps: { event: EventObject; state?: Snapshot<unknown> }[] },
  options: {
    actors: readonly string[]
    serialize: (snapshot: Snapshot<unknown>) => string
    oracle: AnyOracle
    addressees?: readonly string[]
    effects?: MachineEffects
    expectations?: (snapshot: SnapshotFrom<TMachine>) => void
  },
) {
  const told: Told[] = []
  const addressees = options.addressees ?? []
  const given = Object.fromEntries(addressees.map((to) => [to, addressee((event) => void told.push({ to, event }))]))
  const input = addressees.length ? { ...(path.input as object), ...given } : path.input
  const effects = recordingEffects(options.effects)
  const actor = createActor(machine.provide({ actors: { ...idleActors(options.actors), ...effects.actors }, actions: effects.actions } as never), { input, inspect: inspectAt('machine') })
  actor.start()
  const sent: EventObject[] = []
  let expected = options.oracle.start(path.input)
  const events = path.steps.map((step) => step.event)
  const where = { name: machine.id, level: 'machine', machine, input: path.input, events, expectedAt: expectedStateAt(options.oracle, path.input, events) }
  withFailingPathSync(where, (index) => {
    const step = path.steps[index]!
    sent.push(step.event)
    const seenBefore = effects.seen.length
    if (step.event.type !== 'xstate.init') actor.send(step.event)
    const live = actor.getSnapshot() as SnapshotFrom<TMachine>
    // The plan ran without addressees: they are no part of the state it compares.
    if (step.state) expect(options.serialize(withoutFields(live, addressees))).toBe(options.serialize(step.state))
    expectOracleAgrees(options.oracle, path.input, sent, live, 'machine')
    // The branch is the test: only a flow given addressees can tell them anything.
    if (addressees.length) expect(told, 'what the addressees were told').toEqual(toldAlong(options.oracle, path.input, sent))
    // The branch is the start's: what the machine starts with is its first state's to show, no event's effect.
    if (step.event.type !== 'xstate.init') {
      const from = expected
      expected = options.oracle.after(from, step.event, path.input)
      expectEffectsOfStep(options.oracle, path.input, from, step.event, expected, effects.seen, seenBefore)
    }
    options.expectations?.(live)
  })
  actor.stop()
  for (const standIn of Object.values(given)) standIn.stop()
}

/** The snapshot with the given fields left out of its context. */
function withoutFields<TSnapshot extends Snapshot<unknown>>(snapshot: TSnapshot, fields: readonly string[]): TSnapshot {
  if (!fields.length) return snapshot
  const context = { ...(snapshot as unknown as { context: Record<string, unknown> }).context }
  for (const field of fields) delete context[field]
  return { ...snapshot, context }
}

/** What a component test does along each generated path: render, act per step, check. */
export interface PathWalk<TMachine extends AnyStateMachine, TWorld> {
  /** The machine's view table: what the user sees in each state. */
  table: ViewTable
  /**
   * The machine's reference: after each step the page's own actor of the machine must be in the
   * state it says, holding what it says, and the screen must show that state's row, given what
   * the oracle says it holds.
   */
  oracle?: AnyOracle
  /** States the page's actor moves on from by itself (nothing the test holds keeps it there): found among the snapshots it came to. */
  passesThrough?: readonly string[]
  /** The input the page starts the machine with, where it is not the path's: the oracle starts from it. */
  input?: (path: MachinePath<TMachine>) => unknown
  /** Renders the page for the path; what it gives is handed to every step and check. */
  start: (path: MachinePath<TMachine>) => TWorld | Promise<TWorld>
  /** Does what the user does for the step's event, or answers what the page asked. */
  step: (event: StepEvent, world: TWorld, at: { sent: readonly EventObject[]; index: number; path: MachinePath<TMachine>; state: SnapshotFrom<TMachine> }) => unknown
  /** Where the view table is checked (the whole page when left out). */
  root?: () => HTMLElement
  /** Checks after each step, beside the view table. */
  check?: (world: TWorld, sent: readonly EventObject[], state: SnapshotFrom<TMachine>) => unknown
  /**
   * The flow's events (its model's): after each step's view check and before its `check` (in a state
   * the actor rests in), every one of the person's that the oracle refuses where it stands is sent to
   * the page's own actor, and must change nothing the person sees (the page's markup) nor anything
   * the oracle holds.
   */
  refuse?: readonly EventObject[]
  /** Checks once the whole path is walked. */
  end?: (world: TWorld, sent: readonly EventObject[], path: MachinePath<TMachine>) => unknown
  /** The test's name (`shows <the steps>` when left out). */
  title?: (path: MachinePath<TMachine>) => string
  timeout?: number
}

/** A generated path's event as a step sees it: its type, and the output, error or values it carries. */
export type StepEvent = { type: string; output?: unknown; error?: unknown } & Record<string, unknown>

/**
 * One test per generated path: renders the page, then for every step does what the user does (or
 * answers the API), and checks that the page's running actor is where the oracle says, holding
 * what it says, and that the screen shows what the view table says of that state (of the model's
 * state without an oracle), with the events sent so far.
 */
export function walkPaths<TMachine extends AnyStateMachine, TWorld>(paths: Iterable<MachinePath<TMachine>>, walk: PathWalk<TMachine, TWorld>) {
  for (const path of paths) {
    it(walk.title?.(path) ?? `shows ${describePath(path.steps)}`, { timeout: walk.timeout }, async () => {
      forgetRunning()
      const world = await walk.start(path)
      const sent: EventObject[] = []
      const page = pageActor(path, walk)
      const machine = (path.steps[0]!.state as unknown as { machine: AnyStateMachine }).machine
      const events = path.steps.map((step) => step.event)
      const oracleInput = walk.input ? walk.input(path) : path.input
      const where = { name: machine.id, level: 'component', machine, input: path.input, events, expectedAt: walk.oracle && expectedStateAt(walk.oracle, oracleInput, events) }
      await withFailingPath(where, async (index) => {
        const step = path.steps[index]!
        sent.push(step.event)
        await walk.step(step.event as StepEvent, world, { sent, index, path, state: step.state })
        const expected = page && (await page.expectAgrees(sent))
        await expectView(walk.table, expected ?? step.state, sent, walk.root?.())
        // The branch is the test: a walk given its oracle and the flow's events checks the refusals in each state it rests in,
        // before `check`, which then sees what a wrongly taken one did beyond the page (a reload, a request).
        if (page && walk.refuse && !passesThrough(walk, oracleInput, sent))
          await expectRefusalsChangeNothing(page.actor(), walk.oracle!, oracleInput, sent, walk.refuse, walk.root?.() ?? document.body)
        await walk.check?.(world, sent, step.state)
      })
      await walk.end?.(world, sent, path)
    })
  }
}

/** Whether the oracle's state after the events sent is one the page's actor moves on from by itself: no state to send refusals in. */
function passesThrough(walk: Pick<PathWalk<AnyStateMachine, unknown>, 'oracle' | 'passesThrough'>, input: unknown, sent: readonly EventObject[]) {
  return realisingLeaves(walk.oracle!, expectedAlong(walk.oracle!, input, sent).state).some((id) => walk.passesThrough?.includes(id))
}

/**
 * The page's own actor of the path's machine, compared with the oracle after each step (not the
 * planner's snapshot of the step): the newest actor of the machine that agrees with the oracle at
 * the first step, then that one. It may take a moment to get where the oracle says; a state the
 * walk says the page passes through is found among the snapshots it came to since the last step.
 */
function pageActor<TMachine extends AnyStateMachine>(path: MachinePath<TMachine>, walk: Pick<PathWalk<TMachine, unknown>, 'oracle' | 'input' | 'passesThrough'>) {
  const oracle = walk.oracle
  if (!oracle) return undefined
  const machineId = (path.steps[0]!.state as unknown as { machine: { id: string } }).machine.id
  const input = walk.input ? walk.input(path) : path.input
  let pinned: ActorRefLike | undefined
  let checked = 0
  /** The actor the checks agreed with, once one has; until then the newest of the machine. */
  const current = () => pinned ?? newestActorOf(machineId)
  return {
    actor: current,
    expectAgrees: async (sent: readonly EventObject[]) => {
      const found = await waitFor(() => {
        const actor = current()
        const seen = snapshotsOf(actor)
        const passing = passesThrough(walk, input, sent)
        const candidates = passing ? [...seen.slice(checked), actor.getSnapshot()] : [actor.getSnapshot()]
        const agrees = (snapshot: Snapshot<unknown>) => () => expectOracleAgrees(oracle, input, sent, snapshot)
        // The last candidate's failure is the one reported.
        const expected = candidates.slice(0, -1).find((snapshot) => !threw(agrees(snapshot))) ?? candidates.at(-1)!
        const found = expectOracleAgrees(oracle, input, sent, expected, 'component')
        pinned = actor
        checked = seen.length
        return found
      })
      return found
    },
  }
}

/**
 * Sends the page's actor each of `events` that the oracle refuses after `sent` (one after another,
 * in one render), as a stale click or a second tab would: the actor must stay where the oracle says,
 * holding what it says, after each; the page's markup must be as it was once all are sent (read once,
 * not after each: decision 0073). Each agreed refusal counts at the component level.
 */
export async function expectRefusalsChangeNothing(actor: ActorRefLike, oracle: AnyOracle, input: unknown, sent: readonly EventObject[], events: readonly EventObject[], root: HTMLElement) {
  if ((actor.getSnapshot() as Snapshot<unknown>).status !== 'active') return
  const now = expectedAlong(oracle, input, sent)
  const refused = refusedEvents(oracle, now, events, input)
  if (!refused.length) return
  const screen = markupOf(root)
  // The walk's own list stays the path's: its checks count what the path sent.
  const along = [...sent]
  await act(async () => {
    for (const event of refused) {
      along.push(event)
      actor.send(event)
      expectOracleAgrees(oracle, input, along, actor.getSnapshot() as Snapshot<unknown>, 'component')
    }
  })
  expect(markupOf(root), `the page after ${refused.map(describeEvent).join(', ')}, which the spec refuses here`).toBe(screen)
}

/** The page's markup, without Mantine's AppShell marking itself resizing for a moment after it mounts (a timer's, not the flow's). */
const markupOf = (root: HTMLElement) => root.innerHTML.replaceAll(' data-resizing="true"', '')

const threw = (check: () => unknown) => {
  try {
    check()
    return false
  } catch {
    return true
  }
}
