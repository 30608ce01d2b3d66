import type { AnyStateMachine, AnyStateNode } from 'xstate'
import type { AtlasCapture, AtlasRecord } from '@/e2e/tours/atlas-record'
import type { Tour, TourStep } from '@/e2e/support/machine-tour'
import { planPaths, type PathPlan } from '@/testkit/model/paths'
import type { FlowKit } from '@/testkit/model/flow-kit'
import { requirementsOf } from '@/testkit/requirements/trace'

/** A screenshot on a state's row: taken by the machine's own tour, or on another tour's page while the machine ran there. */
export interface StatePicture {
  capture: AtlasCapture
  /** The tour that took it, and its input. */
  tour: string
  input: unknown
  /** Taken while another machine was toured: this machine was in the state on that page. */
  seen: boolean
}

/** One row of a machine's page: a state, what the user sees there (its description), and its pictures or why there are none. */
export interface StateRow {
  path: string
  depth: number
  final: boolean
  description: string
  /** A state made of the states below it: their rows carry the pictures. */
  compound: boolean
  pictures: StatePicture[]
  /** Why no picture: the browser cannot show the state, or the tour does not reach it. */
  missing?: string
  /** The rules of the spec the state realises (its meta). */
  requirements: string[]
}

/** How many pictures a state shows from other machines' tours. */
const seenPerState = 2

/** Every state the value is in: each region's path from the root, parents first ("a", "a.b", "a.b.c"). */
export function activePaths(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [`${prefix}${value}`]
  if (!value || typeof value !== 'object') return []
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => [`${prefix}${key}`, ...activePaths(child, `${prefix}${key}.`)])
}

/** The ids of the leaf states a value is in, sorted: `{ payment: 'editing' }` of upgrade is `upgrade.payment.editing`. */
export function leafIds(machineId: string, value: unknown): string[] {
  const paths = activePaths(value)
  return paths
    .filter((path) => !paths.some((other) => other.startsWith(`${path}.`)))
    .map((path) => `${machineId}.${path}`)
    .sort()
}

/**
 * What is wrong when the page's own machine was not where the flow's oracle says it must be after
 * the events that led to the screenshot (the path's state, for a record without the oracle's); none when it was.
 */
export function disagreement(machineId: string, capture: AtlasCapture): string | undefined {
  const expected = [...(capture.oracle ?? leafIds(machineId, capture.value))].sort()
  const actual = capture.actors.filter((actor) => actor.machine === machineId)
  if (actual.some((actor) => JSON.stringify(leafIds(machineId, actor.value)) === JSON.stringify(expected))) return undefined
  const was = actual.length ? `in ${actual.map((actor) => leafIds(machineId, actor.value).join(' + ')).join(', ')}` : 'not found'
  return `The page’s own ${machineId} machine was ${was} when this was taken; its oracle says ${expected.join(' + ')}.`
}

/** Every red note of the machines' pages: each screenshot of a machine's own tour whose page's machine was not where its oracle says, by machine. */
export function redNotes(machines: { model: { name: string; machine: AnyStateMachine }; rows: StateRow[] }[]): string[] {
  return machines.flatMap(({ model, rows }) =>
    rows.flatMap((row) => row.pictures.flatMap((picture) => (picture.seen ? [] : (disagreement(model.machine.id, picture.capture) ?? [])))).map((note) => `${model.name}: ${note}`),
  )
}

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return (Object.values(node.states) as AnyStateNode[]).flatMap((child) => [child, ...allNodes(child)])
}

/**
 * The rows of a machine's page: every state of the machine, with the screenshots its own tour took
 * in it (one per state the user can tell apart), else up to two taken on other tours' pages while
 * it was there, else the reason none could be taken.
 */
export function stateRows({ model, noTour }: Pick<FlowKit, 'model' | 'noTour'>, tour: Tour<AnyStateMachine> | undefined, records: AtlasRecord[]): StateRow[] {
  const { machine } = model
  const own = records.filter((record) => record.machine === model.name)
  const others = records.filter((record) => record.machine !== model.name)
  const pictures = (path: string): StatePicture[] => {
    const mine = own.flatMap((record) =>
      record.captures.filter((capture) => activePaths(capture.value).includes(path)).map((capture) => ({ capture, tour: record.machine, input: record.input, seen: false })),
    )
    if (mine.length) return mine
    return others
      .flatMap((record) =>
        record.captures
          .filter((capture) => capture.actors.some((actor) => actor.machine === machine.id && activePaths(actor.value).includes(path)))
          .map((capture) => ({ capture, tour: record.machine, input: record.input, seen: true })),
      )
      .sort((a, b) => a.capture.events.length - b.capture.events.length)
      .slice(0, seenPerState)
  }
  const why = whyNotShown(model, tour, noTour)
  return allNodes(machine.root).map((node) => {
    const path = node.path.join('.')
    const compound = Object.keys(node.states).length > 0
    const row: StateRow = {
      path,
      depth: node.path.length - 1,
      final: node.type === 'final',
      description: node.description ?? '',
      compound,
      pictures: compound ? [] : pictures(path),
      requirements: requirementsOf(node.meta),
    }
    if (!compound && row.pictures.length === 0) row.missing = why(path)
    return row
  })
}

/** Why a state has no picture: what the generated paths and the tour say of it. */
function whyNotShown(model: PathPlan<AnyStateMachine>, tour: Tour<AnyStateMachine> | undefined, noTour = ''): (path: string) => string {
  const steps = planPaths(model).paths.map((path) => ({ steps: path.steps as unknown as TourStep[], input: path.input }))
  return (path) => {
    const reaching = steps.filter(({ steps }) => steps.some((step) => activePaths(step.state.value).includes(path)))
    if (reaching.length === 0) return 'No generated path stops here: the machine leaves it at once (an eventless transition), so no screen shows it.'
    if (!tour) return `No browser tour walks this machine. ${noTour}`.trim()
    const walked = reaching.filter(({ steps, input }) => !tour.walkable || tour.walkable(steps, input))
    if (walked.length === 0)
      return 'Only generated paths that the browser tour does not walk reach it: an outcome the local stack cannot give on this page, or one another tour walks (the tour file says which).'
    const stays = walked.some(({ steps }) => steps.some((step) => activePaths(step.state.value).includes(path) && !tour.leaving?.(step)))
    if (!stays) return 'The browser leaves the page in this state (for the payment provider, or the site root); the tour stops before it, and other browser tests follow it there.'
    const here = walked.flatMap(({ steps }) => steps.filter((step) => activePaths(step.state.value).includes(path)))
    const passed = here.map((step) => tour.passing?.(step))
    if (passed.every(Boolean)) return `The page passes through this state with nothing to hold it there (${passed[0]}): the tour walks through it, and the next screenshot shows what the person sees.`
    return 'The tour reaches this state, but the atlas run has no picture of it: the run failed before it (see its output).'
  }
}
