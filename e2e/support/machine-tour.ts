import type { Page } from '@playwright/test'
import type { AnyStateMachine, EventFromLogic, EventObject } from 'xstate'
import { apiPath, apiRoutes, type ApiParams, type ApiRouteName, type ApiRoute as NamedRoute } from '@/common/api-paths'
import { planPaths, type PathPlan } from '@/testkit/model/paths'
import { activeLeafIds } from '@/testkit/model/relation'
import { expectedStateAt, withFailingPath } from '@/testkit/model/failing-path'
import { interceptIdentityProvider, routeApi, type ApiRoute } from './api-routes'
import { attachFailingPath } from './failing-path-attachment'
import { pageRequestsSettled } from './held-requests'
import { reachMachine } from './app-machine'
import { expectRefusalsChangeNothingInBrowser } from './oracle-refusals'
import { expectOracleStep, kitOf } from './oracle-step'
import type { TourView } from './view-row'

/** One step of a generated path: the event, and the machine's snapshot after it. */
export interface TourStep {
  event: EventObject
  state: { value: unknown; context: Record<string, unknown> }
}

/** A call an invoked actor makes, as the browser sends it. */
export interface ApiCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** The path under /api (under /idp for the identity provider's), matched exactly (a RegExp for addresses with parameters). */
  path: string | RegExp
  /** A call to the local identity provider (its token endpoint, a hidden frame's sign-in), not to the API. */
  identityProvider?: boolean
  /** Which of the requests to that path: by the whole address and the body (the grant and scopes a token request asks for). */
  where?: (url: URL, body: string) => boolean
}

/** How an invoked actor reaches the API: its calls in order, and the bodies that stand for its output. */
export interface ActorCalls {
  calls: ApiCall[]
  /** The answer body of each call for a done event; by default the last call answers the output. */
  answers?: (output: unknown) => unknown[]
  /** For an actor that answers what it observed: the error its first call is refused with, when the done event's output stands for a failure. */
  refusal?: (output: unknown) => Error | undefined
  /** The server answers its done event for real (a secret the payment provider must know): the path's output stands for that answer. */
  passThrough?: boolean
  /** A download's media type (a PDF): the answers are sent as they are, with it, instead of as JSON. */
  answerType?: string
  /** How its first call is refused where the API's way does not fit: the identity provider answers in OAuth's words, or the network fails. */
  refuse?: (route: ApiRoute, error: unknown) => Promise<void>
}

/**
 * A call to a route of common/api-paths.ts, by its name: with values for its parameters, to that
 * path only; without, to the route's path whatever they are.
 */
export function callOf<Name extends ApiRouteName>(route: Name, ...values: ApiParams<Name> | []): ApiCall {
  const { method, path, slash }: NamedRoute = apiRoutes[route]
  if (values.length || !path.includes(':')) return { method, path: apiPath(route, ...(values as ApiParams<Name>)) }
  const pattern = `${path}${slash ? '/' : ''}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[^/]+/g, '[^/]+')
  return { method, path: new RegExp(`^${pattern}$`) }
}

/** An actor that makes these calls in order (callOf, any value of their parameters). */
export const calling = (...routes: ApiRouteName[]): ActorCalls => ({ calls: routes.map((route) => callOf(route)) })

/**
 * A machine toured in the browser: the generated paths of its model are walked on the real page.
 * The user's events become clicks and typing; an actor's done or error event becomes the answer to
 * the request the page is holding for it. So every state the model reaches is shown for real, and
 * stays put until the path moves on: long enough to check it.
 */
export interface Tour<TMachine extends AnyStateMachine> {
  plan: PathPlan<TMachine>
  actors: Partial<Record<string, ActorCalls>>
  /** What tells two states apart for the user: by default the state's value, and any error or notice shown. */
  keyOf?: (step: TourStep) => string
  /** Whether the browser can walk the path (its input, or an outcome the stack cannot give). */
  walkable?: (steps: TourStep[], input: unknown) => boolean
  /** States in which the browser is leaving the page: nothing is left to check there. */
  leaving?: (step: TourStep) => boolean
  /**
   * States the page passes through with nothing to hold it there (MSAL reads its cache, a timer runs
   * out), each with why: the walk goes on without checking them, and the next state's check covers the screen.
   */
  passing?: (step: TourStep) => string | undefined
  /** Opens the page the machine runs on, ready for the path's first step. */
  open: (page: Page, input: unknown) => Promise<void>
  /** Does in the browser what a user event of the machine stands for; `next` is the path's step after it (the outcome the user's input must bring). */
  perform: (page: Page, event: EventFromLogic<TMachine>, next?: TourStep) => Promise<void>
  /** Waits until the page shows what the state stands for; `before` are the path's earlier steps. */
  expectShown: (page: Page, step: TourStep, before: TourStep[]) => Promise<void>
  /**
   * Then the page must show what the flow's view table (testkit/flows/<flow>/, the kit the model's
   * name finds, as it finds the oracle) says of the state the oracle says it is in: where to read it, and what the browser can read of it.
   */
  view?: Omit<TourView, 'table'>
  /** Why the accessibility sweep (e2e/accessibility.spec.ts) leaves this tour to the atlas: another spec checks its states with axe. */
  sweptElsewhere?: string
  /**
   * Why the page's machine may move on by itself where a path rests (something in the page answers its
   * requests, not the tour): the refusals are then not sent, at its end or in the sweep's states (`expectRefusalsChangeNothingInBrowser`).
   */
  notHeldAtEnd?: string
  /** What the page logs on a path of this tour, by the spec's rule (a failure only logged): the tests expect it. */
  loggedErrors?: RegExp
}

export interface TourPath {
  input: unknown
  steps: TourStep[]
  /** The states first reached on this path, by key. */
  name: string
}

/** Notices and errors the pages show on top of a state: a state with one looks different. */
const shownFlags = ['error', 'notice', 'saved', 'copied'] as const

/** What tells two states apart by default: the state's value, and any error or notice shown. */
export const defaultKey = (step: TourStep) => [JSON.stringify(step.state.value), ...shownFlags.filter((flag) => step.state.context[flag])].join(' + ')

/**
 * The shortest generated path, from any input, to each state the user can tell apart and the page
 * can show, without paths that another one begins with.
 */
export function tourPaths<TMachine extends AnyStateMachine>(tour: Tour<TMachine>): TourPath[] {
  const keyOf = tour.keyOf ?? defaultKey
  const plan = planPaths(tour.plan)
  const shortest = new Map<string, TourPath>()
  for (const path of plan.paths) {
    const steps = path.steps as unknown as TourStep[]
    if (tour.walkable && !tour.walkable(steps, path.input)) continue
    steps.forEach((step, index) => {
      if (tour.leaving?.(step) || tour.passing?.(step)) return
      const key = keyOf(step)
      const known = shortest.get(key)
      if (!known || known.steps.length > index + 1) shortest.set(key, { input: path.input, steps: steps.slice(0, index + 1), name: '' })
    })
  }
  // Paths are told apart by their input and every event with its data (two outputs of one actor differ).
  const identity = (path: TourPath) => [path.input, ...path.steps.map((step) => step.event)].map((part) => JSON.stringify(part ?? null))
  const candidates = [...new Map([...shortest.values()].map((path) => [identity(path).join('\n'), path])).values()]
  const startsWith = (path: TourPath, prefix: TourPath) => {
    const [whole, start] = [identity(path), identity(prefix)]
    return whole.length > start.length && start.every((part, index) => part === whole[index])
  }
  return candidates.filter((path) => !candidates.some((other) => startsWith(other, path))).map((path) => ({ ...path, name: path.steps.map((step) => step.event.type).join(' → ') }))
}

const sameCall = (one: ApiCall, other: ApiCall) =>
  one.method === other.method && String(one.path) === String(other.path) && one.identityProvider === other.identityProvider && one.where === other.where

/** Holds every request of the toured actors on one page until a path step answers it. */
export class HeldRequests {
  private held: { call: ApiCall; route: ApiRoute }[] = []
  /** Who waits for the page's next request. */
  private waiting: (() => void)[] = []

  static async on(page: Page, actors: Partial<Record<string, ActorCalls>>) {
    const held = new HeldRequests()
    await held.install(page, actors)
    return held
  }

  private async install(page: Page, actors: Partial<Record<string, ActorCalls>>) {
    const calls = Object.values(actors).flatMap((actor) => actor?.calls ?? [])
    if (calls.some((call) => call.identityProvider)) await interceptIdentityProvider(page)
    await routeApi(page, /\/(api|idp)\//, (route) => {
      const request = route.request()
      const url = new URL(request.url())
      const identityProvider = url.pathname.startsWith('/idp/')
      const path = url.pathname.replace(/^\/(api|idp)/, '')
      const call = calls.find(
        (candidate) =>
          Boolean(candidate.identityProvider) === identityProvider &&
          candidate.method === request.method() &&
          (typeof candidate.path === 'string' ? candidate.path === path : candidate.path.test(path)) &&
          (!candidate.where || candidate.where(url, request.postData())),
      )
      if (!call) return route.fallback()
      this.held.push({ call, route })
      for (const wake of this.waiting.splice(0)) wake()
    })
  }

  /** The page's request for the call, once it has sent it (woken by each request the page sends, not by a clock). */
  private async take(call: ApiCall): Promise<ApiRoute> {
    const deadline = Date.now() + 10_000
    for (;;) {
      const index = this.held.findIndex((held) => sameCall(held.call, call))
      if (index >= 0) return this.held.splice(index, 1)[0]!.route
      const left = deadline - Date.now()
      if (left <= 0) throw new Error(`The page never called ${call.method} ${String(call.path)}`)
      await new Promise<void>((resolve) => {
        this.waiting.push(resolve)
        setTimeout(resolve, left)
      })
    }
  }

  /** Answers the actor's requests as its done event says. */
  async succeed(actor: ActorCalls, output: unknown) {
    if (actor.passThrough) {
      for (const call of actor.calls) await (await this.take(call)).fallback()
      return
    }
    const bodies = actor.answers?.(output) ?? [...actor.calls.slice(1).map(() => null), output]
    for (const [index, call] of actor.calls.entries()) {
      const route = await this.take(call)
      const body = bodies[index]
      // The branch is the answer's kind: nothing, a file as it is, or JSON.
      if (body === undefined || body === null) await route.fulfill({ status: 204 })
      else await route.fulfill(actor.answerType ? { status: 200, contentType: actor.answerType, body: String(body) } : { status: 200, contentType: 'application/json', body: JSON.stringify(body) })
    }
  }

  /**
   * Refuses the writes still held once the path has ended (one that ends while its request is out):
   * unanswered, a write would go on to the server when the page closes, and change the demo
   * accounts for the tests after it. A read left held (a path that ends loading) changes nothing.
   */
  async refuseLeftoverWrites(): Promise<void> {
    const writes = this.held.filter(({ call }) => call.method !== 'GET')
    this.held = this.held.filter(({ call }) => call.method === 'GET')
    for (const { route } of writes) await route.abort('blockedbyclient')
  }

  /** Refuses the actor's first request with the error's message, as the API does (a refusal of one field: 422 naming it). */
  async fail(actor: ActorCalls, error: unknown) {
    // An actor with no call of its own (MSAL's cache) fails by itself, as the page was set up for it.
    if (!actor.calls.length) return
    const route = await this.take(actor.calls[0]!)
    if (actor.refuse) return actor.refuse(route, error)
    const field = (error as { field?: string }).field
    await route.fulfill({ status: field ? 422 : 409, contentType: 'application/json', body: JSON.stringify({ message: (error as Error).message, ...(field ? { field } : {}) }) })
  }
}

/** The fixtures' failures answer with 409 (422 for a field's), and a write left held at a path's end is blocked: Chromium reports each as a failed resource. */
// One pattern: Playwright reads an option's array of two as a value and its options.
const heldFailureErrors = [/Failed to load resource: (the server responded with a status of (409|422)|net::ERR_BLOCKED_BY_CLIENT)/]

/** The page errors a tour's paths bring: the held failures', and what the tour says the page logs (one pattern, as above). */
export const tourPageErrors = (tour: Pick<Tour<AnyStateMachine>, 'loggedErrors'>) => [
  new RegExp([...heldFailureErrors, ...(tour.loggedErrors ? [tour.loggedErrors] : [])].map((pattern) => pattern.source).join('|')),
]

/** A path's input and events so far, with each error's name and message (JSON leaves an Error's out): two paths' steps are the same page when these are the same. */
const stepsKey = (input: unknown, events: EventObject[]) =>
  JSON.stringify([input ?? null, events], (_, value: unknown) => (value instanceof Error ? { ...value, name: value.name, message: value.message } : value))

/**
 * Walks one path on a page of its own (so no request of an earlier path can be answered by
 * mistake): performs its user events, answers its actors' requests, and after each step waits for
 * the page to show the state, checks that it shows what the machine's oracle says of the events
 * sent so far (its view-table row), then hands it to `check` with the key that tells the state apart
 * and the step's index in the path (a state passed through or left is not checked). `rowsChecked`,
 * shared by the paths of one test, holds the steps whose row was checked: a path that begins as an
 * earlier one (the same input, the same events) shows the same page there, and its row is not
 * checked twice (the page must still show the state before the walk goes on).
 */
export async function walkTour<TMachine extends AnyStateMachine>(
  page: Page,
  tour: Tour<TMachine>,
  path: TourPath,
  check: (key: string, index: number) => Promise<void>,
  rowsChecked = new Set<string>(),
) {
  const keyOf = tour.keyOf ?? defaultKey
  const held = await HeldRequests.on(page, tour.actors)
  // The refusals (at the path's end, and in the sweep's states) are sent to the page's own actor.
  await reachMachine(page.context(), tour.plan.machine.id)
  const kit = kitOf(tour.plan.name)
  const sent = path.steps.map((step) => step.event)
  await tour.open(page, path.input)
  // Past a state in which the browser leaves the page, nothing is left to walk.
  let left = false
  const where = {
    name: tour.plan.name,
    level: 'browser',
    machine: tour.plan.machine,
    input: path.input,
    events: sent,
    expectedAt: expectedStateAt(kit.oracle, path.input, sent),
    drawn: (file: string) => attachFailingPath(page, file),
  }
  await withFailingPath(where, async (index) => {
    const step = path.steps[index]!
    if (left) return
    const [, kind, actorId] = /^xstate\.(done|error)\.actor\.(.+)$/.exec(step.event.type) ?? []
    if (kind && actorId) {
      const actor = tour.actors[actorId]
      if (!actor) throw new Error(`No calls known for the actor ${actorId}`)
      const event = step.event as EventObject & { output?: unknown; error?: unknown }
      const refusal = kind === 'done' ? actor.refusal?.(event.output) : event.error
      if (refusal) await held.fail(actor, refusal)
      else await held.succeed(actor, event.output)
    } else if (step.event.type !== 'xstate.init') {
      await tour.perform(page, step.event as EventFromLogic<TMachine>, path.steps[index + 1])
    }
    if (tour.leaving?.(step)) {
      left = true
      return
    }
    if (tour.passing?.(step)) return
    await tour.expectShown(page, step, path.steps.slice(0, index))
    const steps = stepsKey(path.input, sent.slice(0, index + 1))
    // The branch is the test's economy, not its subject: a step an earlier path of this test took with
    // the same input and events shows the same page, whose row that path checked (expectShown above still waits for it).
    if (!rowsChecked.has(steps)) {
      await expectOracleStep(page, tour.plan.name, tour.view, path.input, sent.slice(0, index + 1), activeLeafIds(step.state))
      rowsChecked.add(steps)
    }
    await check(keyOf(step), index)
  })
  // Every request sent so far has reached the held ones (pageRequestsSettled): no write left unanswered may go on.
  if (!left) await pageRequestsSettled(page)
  // The branch is the test: a page the browser has left, a state it only passes through, or a machine the page moves on by itself, has no screen to keep.
  if (!left && !tour.passing?.(path.steps.at(-1)!) && !tour.notHeldAtEnd) await expectRefusalsChangeNothingInBrowser(page, tour.plan.name, path.input, sent)
  await held.refuseLeftoverWrites()
}
