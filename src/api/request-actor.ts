import { fromPromise, type AnyStateMachine, type InputFrom, type OutputFrom, type PromiseActorLogic } from 'xstate'

/**
 * A promise actor over an API call (`fromPromise` with one difference). Stopping the actor aborts
 * its request, and an aborted call then never settles instead of rejecting. In development React's
 * StrictMode stops every page actor once and @xstate/react restarts it from its snapshot, with a
 * new request: the first request's abort must not reach the restarted actor as a failure (it sent
 * the session to '/' after every sign-in under `npm run dev`).
 */
export function fromRequest<TOutput, TInput = void>(request: (args: { input: TInput; signal: AbortSignal }) => PromiseLike<TOutput>) {
  return fromPromise<TOutput, TInput>(({ input, signal }) =>
    Promise.resolve(request({ input, signal })).catch((error: unknown) => (signal.aborted ? new Promise<never>(() => {}) : Promise.reject(error))),
  )
}

/** The actors a machine declares by name, as `provide` takes them. */
type ActorsOf<TMachine extends AnyStateMachine> = NonNullable<NonNullable<Parameters<TMachine['provide']>[0]>['actors']>
type Request<TLogic> = (args: { input: InputFrom<TLogic>; signal: AbortSignal }) => PromiseLike<OutputFrom<TLogic>>

/**
 * Request actors (`fromRequest`) for a machine's named actors, each typed by the input and output
 * the machine declares for it, so those types are written once, in the machine:
 * `requestsFor<typeof profileMachine>()({ loadProfile: ({ signal }) => api.account(signal) })`.
 */
export function requestsFor<TMachine extends AnyStateMachine>() {
  type Logic<K extends keyof ActorsOf<TMachine>> = NonNullable<ActorsOf<TMachine>[K]>
  return <TName extends keyof ActorsOf<TMachine>>(requests: { [K in TName]-?: Request<Logic<K>> }) =>
    Object.fromEntries(Object.entries(requests).map(([name, request]) => [name, fromRequest(request as Request<unknown>)])) as {
      [K in TName]-?: PromiseActorLogic<OutputFrom<Logic<K>>, InputFrom<Logic<K>>>
    }
}
