import type { ReactNode } from 'react'
import { createRoute } from '@tanstack/react-router'
import { act, waitFor } from '@testing-library/react'
import { assign, createActor, createMachine, fromPromise, type ActorRefFrom } from 'xstate'
import { vi, type Mock } from 'vitest'
import type { AccountsApi } from '@/src/api/accounts-api'
import type { Account } from '@/common/contract'
import type { Organisation } from '@/common/organisation-contract'
import type { AuthService } from '@/src/auth/auth-service'
import { billingPortalMachine } from '@/machines/billing-portal.machine'
import type { FirstLicenses, FirstLicensesHeld, sessionMachine } from '@/machines/session.machine'
import { AccountServicesProvider } from '@/src/ui/account-services'
import { renderWithRouter } from './render'
import { deferred, type Deferred } from './deferred'

type Method = keyof AccountsApi
type Outcome = { output: unknown } | { error: unknown }
interface Waiting {
  signal?: AbortSignal
  answer: Deferred<unknown>
}

/**
 * The fake API at the actor level: calls that wait until the test settles them, so a component
 * path can feed the machine's done and error events exactly when the generated path says. `call`
 * makes a pending call by name (an actor's, or an API method's); `api` is an accounts API whose
 * methods are such calls, but for the ones given in `answers`. A call whose last argument is an
 * aborted signal (the page asked again) is passed over, as fetch drops it.
 */
export function pendingApi(answers: Partial<AccountsApi> = {}) {
  const waiting = new Map<string, Waiting[]>()
  const spies = new Map<string, Mock<(...args: unknown[]) => Promise<unknown>>>()
  const spy = (name: string) => {
    if (!spies.has(name)) {
      spies.set(
        name,
        vi.fn((...args: unknown[]): Promise<unknown> => {
          const answer = deferred<unknown>()
          const signal = args.at(-1) instanceof AbortSignal ? (args.at(-1) as AbortSignal) : undefined
          waiting.set(name, [...(waiting.get(name) ?? []), { signal, answer }])
          return answer.promise
        }),
      )
    }
    return spies.get(name)!
  }
  const call = <T,>(name: string, ...args: unknown[]) => spy(name)(...args) as Promise<T>
  const api = new Proxy({} as AccountsApi, { get: (_, name: string) => answers[name as Method] ?? spy(name) })
  /** Settles the oldest call of the name still waiting, as the API would answer it. */
  async function settle(name: string, outcome: Outcome) {
    const next = () => (waiting.get(name) ?? []).find((held) => !held.signal?.aborted)
    // The page may still be rendering: wait for its call to be made.
    await waitFor(() => {
      if (!next()) throw new Error(`No call of ${name} is waiting to be answered`)
    })
    const held = next()!
    waiting.set(
      name,
      waiting.get(name)!.filter((other) => other !== held),
    )
    await act(async () => ('output' in outcome ? held.answer.resolve(outcome.output) : held.answer.reject(outcome.error)))
  }
  /** The arguments of each call of the name, in order. */
  const calls = (name: string) => spy(name).mock.calls
  /** The same without the trailing abort signal. */
  const made = (name: string) => calls(name).map((args) => (args.at(-1) instanceof AbortSignal ? args.slice(0, -1) : args))
  return { api, call, settle, calls, made }
}

export type PendingApi = ReturnType<typeof pendingApi>

/**
 * Feeds a generated path's actor outcome (`xstate.done.actor.<id>` or `xstate.error.actor.<id>`)
 * to the pending API; false for any other event. The actor's calls are named in `methods` (its own
 * name when it is not there). An actor that makes several calls names them in order: for a done
 * event the first ones answer with nothing and the last with the output; an error fails the first.
 */
export async function settleActorEvent(pending: PendingApi, methods: Record<string, string | readonly string[]>, event: { type: string; output?: unknown; error?: unknown }) {
  const [, outcome, actor] = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type) ?? []
  if (!outcome || !actor) return false
  const calls = methods[actor] ?? actor
  const sequence: readonly string[] = typeof calls === 'string' ? [calls] : calls
  if (outcome === 'error') return pending.settle(sequence[0]!, { error: event.error }).then(() => true)
  for (const [index, method] of sequence.entries()) await pending.settle(method, { output: index === sequence.length - 1 ? event.output : undefined })
  return true
}

/**
 * Renders an account page with the given API and signed-in account (and organisation), beside a home page at '/'.
 * Billing is the real billing portal machine over the API; `goToPortal` sees where it would leave for.
 * The session keeps the organisation and the account a page says changed (`organisation.changed`, `account.changed`), and the first
 * page of My Licenses it asked for (`firstLicenses`: 'loading' until the test sends `firstLicenses.came`) until the page takes it.
 */
export function renderAccountPage(
  page: () => ReactNode,
  options: { api: AccountsApi; account: Account; organisation?: Organisation; firstLicenses?: FirstLicensesHeld; path?: string; goToPortal?: (url: string) => void },
) {
  const session = createActor(
    createMachine({
      context: { account: options.account, organisation: options.organisation ?? null, firstLicenses: options.firstLicenses ?? null },
      on: {
        'organisation.changed': { actions: assign({ organisation: ({ event }) => (event as unknown as { organisation: Organisation }).organisation }) },
        // A flow that changed the account (an order, a trial) tells the session, as the real one keeps it.
        'account.changed': { actions: assign({ account: ({ event }) => (event as unknown as { account: Account }).account }) },
        // The first page of My Licenses the session asked for comes (sent by the test), and the page takes it.
        'firstLicenses.came': { actions: assign({ firstLicenses: ({ event }) => (event as unknown as { firstLicenses: FirstLicenses }).firstLicenses }) },
        'licenses.taken': { actions: assign({ firstLicenses: null }) },
      },
    }),
  ).start() as unknown as ActorRefFrom<typeof sessionMachine>
  const billing = createActor(
    billingPortalMachine.provide({
      actors: { createPortalSession: fromPromise(({ input }: { input: { returnUrl: string } }) => options.api.createPortalSession(input.returnUrl)) },
      actions: { goToPortal: (_, { url }) => options.goToPortal?.(url) },
    }),
  ).start()
  const services = { api: options.api, session, billing, auth: {} as AuthService }
  const path = options.path ?? '/account'
  const rendered = renderWithRouter(
    (root) => [
      createRoute({ getParentRoute: () => root, path: '/', component: () => <h1>Home page</h1> }),
      createRoute({ getParentRoute: () => root, path: path.replace(/\?.*$/, ''), component: () => <AccountServicesProvider value={services}>{page()}</AccountServicesProvider> }),
    ],
    path,
  )
  return { ...rendered, session }
}

/** An account page rendered on an API whose every call waits for the test: the calls, to settle. */
export function openOnPendingApi(page: () => ReactNode, options: Omit<Parameters<typeof renderAccountPage>[1], 'api'>) {
  const pending = pendingApi()
  renderAccountPage(page, { ...options, api: pending.api })
  return pending
}

/** A path's step on a page: a call's answer settles the call it names (settleActorEvent); any other event is what the user does. */
export function settleOrAct(methods: Record<string, string | readonly string[]>, act: (event: { type: string } & Record<string, unknown>) => void) {
  return async (event: { type: string } & Record<string, unknown>, pending: PendingApi) => {
    if (!(await settleActorEvent(pending, methods, event))) act(event)
  }
}
