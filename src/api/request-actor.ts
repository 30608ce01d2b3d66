import { fromPromise } from 'xstate'

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
