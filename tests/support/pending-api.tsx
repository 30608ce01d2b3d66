import type { ReactNode } from 'react'
import { createRoute } from '@tanstack/react-router'
import { act, waitFor } from '@testing-library/react'
import { createActor, createMachine, fromPromise, type ActorRefFrom } from 'xstate'
import { vi } from 'vitest'
import type { AccountsApi } from '../../src/api/accounts-api'
import type { Account } from '../../common/contract'
import type { AuthService } from '../../src/auth/auth-service'
import { billingPortalMachine } from '../../machines/billing-portal.machine'
import type { sessionMachine } from '../../machines/session.machine'
import { AccountServicesProvider } from '../../src/ui/account-services'
import { renderWithRouter } from './render'
import { deferred, type Deferred } from './deferred'

type Method = keyof AccountsApi

/**
 * An accounts API whose every call waits until the test settles it, so a component path can
 * feed the machine's done and error events exactly when the generated path says.
 */
export function pendingApi() {
  const waiting = new Map<Method, Deferred<unknown>[]>()
  const spies = new Map<Method, ReturnType<typeof vi.fn>>()
  const api = new Proxy({} as AccountsApi, {
    get: (_, name: string) => {
      const method = name as Method
      if (!spies.has(method)) {
        spies.set(
          method,
          vi.fn(() => {
            const call = deferred<unknown>()
            waiting.set(method, [...(waiting.get(method) ?? []), call])
            return call.promise
          }),
        )
      }
      return spies.get(method)
    },
  })
  /** Settles the oldest unanswered call of the method, as the API would answer it. */
  async function settle(method: Method, outcome: { output: unknown } | { error: unknown }) {
    // The page may still be rendering: wait for its call to be made.
    await waitFor(() => {
      if (!waiting.get(method)?.length) throw new Error(`No call of ${method} is waiting to be answered`)
    })
    const call = waiting.get(method)!.shift()!
    await act(async () => ('output' in outcome ? call.resolve(outcome.output) : call.reject(outcome.error)))
  }
  const calls = (method: Method) => (api[method] as unknown as ReturnType<typeof vi.fn>).mock.calls
  return { api, settle, calls }
}

/**
 * Feeds a generated path's actor outcome (`xstate.done.actor.<id>` or `xstate.error.actor.<id>`)
 * to the pending API. An actor that makes several calls names them in order: for a done event the
 * first ones answer with nothing and the last with the output; an error fails the first.
 */
export async function settleActorEvent(pending: ReturnType<typeof pendingApi>, methods: Record<string, Method | readonly Method[]>, event: { type: string; output?: unknown; error?: unknown }) {
  const [, outcome, actor] = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type) ?? []
  if (!outcome || !actor) return false
  const calls = methods[actor]
  if (!calls) throw new Error(`No API method stands for the actor ${actor}`)
  const sequence: readonly Method[] = typeof calls === 'string' ? [calls] : calls
  if (outcome === 'error') return pending.settle(sequence[0]!, { error: event.error }).then(() => true)
  for (const [index, method] of sequence.entries()) await pending.settle(method, { output: index === sequence.length - 1 ? event.output : undefined })
  return true
}

/**
 * Renders an account page with the given API and signed-in account, beside a home page at '/'.
 * Billing is the real billing portal machine over the API; `goToPortal` sees where it would leave for.
 */
export function renderAccountPage(page: () => ReactNode, options: { api: AccountsApi; account: Account; path?: string; goToPortal?: (url: string) => void }) {
  const session = createActor(createMachine({ context: { account: options.account } })).start() as unknown as ActorRefFrom<typeof sessionMachine>
  const billing = createActor(
    billingPortalMachine.provide({
      actors: { createPortalSession: fromPromise(({ input }: { input: { returnUrl: string } }) => options.api.createPortalSession(input.returnUrl)) },
      actions: { goToPortal: (_, { url }) => options.goToPortal?.(url) },
    }),
  ).start()
  const services = { api: options.api, session, billing, auth: {} as AuthService }
  const path = options.path ?? '/account'
  return renderWithRouter(
    (root) => [
      createRoute({ getParentRoute: () => root, path: '/', component: () => <h1>Home page</h1> }),
      createRoute({ getParentRoute: () => root, path: path.replace(/\?.*$/, ''), component: () => <AccountServicesProvider value={services}>{page()}</AccountServicesProvider> }),
    ],
    path,
  )
}
