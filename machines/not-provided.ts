import { fromCallback, fromPromise, type EventObject } from 'xstate'

/**
 * Placeholder logic that types a machine's named actor. Machines stay pure: the app supplies the
 * real actor with `machine.provide({ actors })`, and tests supply fakes the same way.
 */
export function notProvided<TOutput, TInput = void>(name: string) {
  return fromPromise<TOutput, TInput>(() => Promise.reject(new Error(`The actor '${name}' was not provided`)))
}

/** The same for a long-running actor that sends events back to its parent. */
export function notProvidedCallback<TEvent extends EventObject, TInput = void>(name: string) {
  return fromCallback<EventObject, TInput, TEvent>(() => {
    throw new Error(`The actor '${name}' was not provided`)
  })
}
