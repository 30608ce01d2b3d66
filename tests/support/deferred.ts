/** A promise the test settles, standing in for an API call of the current step. */
export interface Deferred<T> {
  promise: Promise<T>
  resolve: (value: T) => void
  reject: (error: unknown) => void
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok
    reject = fail
  })
  return { promise, resolve, reject }
}

/**
 * Calls by actor name, each answered by the path's next done or error event for that actor:
 * `call(name)` makes the pending promise, `settle(event)` settles the oldest one.
 */
export function pendingCalls() {
  const pending = new Map<string, Deferred<unknown>[]>()
  return {
    call<T>(name: string): Promise<T> {
      const next = deferred<unknown>()
      pending.set(name, [...(pending.get(name) ?? []), next])
      return next.promise as Promise<T>
    },
    /** Settles the call an actor event stands for; false when the event is not an actor's. */
    settle(event: { type: string; output?: unknown; error?: unknown }): boolean {
      const match = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type)
      if (!match) return false
      const [, kind, name] = match
      const queue = pending.get(name!) ?? []
      const next = queue.shift()
      if (!next) throw new Error(`No pending call of ${name}`)
      if (kind === 'done') next.resolve(event.output)
      else next.reject(event.error)
      return true
    },
  }
}
