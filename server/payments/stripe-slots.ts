import { CallerGoneError, PaymentBusyError } from './errors'

export interface SlotLimits {
  /** How many of the API's calls to Stripe this process makes at once. */
  max: number
  /** How long a call waits for a free slot before it is refused. */
  maxWaitMs: number
  /** Slots of the webhooks' own (the events' reads), which the API's calls never take. */
  webhooks?: number
  /** Slots of the background jobs' own (the reconciliation, the prices' check). */
  jobs?: number
}

/**
 * Four for the API, one for the webhooks and one for the jobs, each call waiting 2 s at most
 * (decisions 0022 and 0051): Stripe answers a call in about a quarter of a second, so one instance
 * sends it some 24 requests a second at most, under the 25 a second that Stripe allows a test-mode
 * account (100 live), whatever its visitors do.
 */
export const defaultSlotLimits: SlotLimits = { max: 4, maxWaitMs: 2_000, webhooks: 1, jobs: 1 }

/** Whose call to Stripe this is: the API's for a person (one slot at a time each), a webhook's, or a job's. */
export interface StripeCaller {
  lane: 'api' | 'webhooks' | 'jobs'
  /** The signed-in person the API call is for: they hold one slot at most at a time. */
  person?: string
  /** The request's: a call still waiting for a slot when it aborts waits no more. */
  signal?: AbortSignal
}

/** The request has ended (its client went away): stop before the next call to Stripe. */
export function stopIfCallerGone(signal: AbortSignal | undefined) {
  if (signal?.aborted) throw new CallerGoneError()
}

/** Slots taken first come, first served; a wait past `deadline` fails with PaymentBusyError, an abort with CallerGoneError. */
function createLine(max: number, retryAfterSeconds: number) {
  let busy = 0
  const waiting: { take: () => void }[] = []
  const release = () => {
    const next = waiting.shift()
    if (next) next.take()
    else busy--
  }
  function take(deadline: number, signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(new CallerGoneError())
    if (busy < max) {
      busy++
      return Promise.resolve(once(release))
    }
    return new Promise((resolve, reject) => {
      const leave = (error: Error) => {
        waiting.splice(waiting.indexOf(waiter), 1)
        clearTimeout(timer)
        signal?.removeEventListener('abort', aborted)
        reject(error)
      }
      const aborted = () => leave(new CallerGoneError())
      const waiter = {
        take: () => {
          clearTimeout(timer)
          signal?.removeEventListener('abort', aborted)
          resolve(once(release))
        },
      }
      const timer = setTimeout(() => leave(new PaymentBusyError(retryAfterSeconds)), Math.max(0, deadline - Date.now()))
      signal?.addEventListener('abort', aborted, { once: true })
      waiting.push(waiter)
    })
  }
  return { take, busy: () => busy, waiting: () => waiting.length }
}

/**
 * The process's cap on concurrent calls to Stripe: lanes of slots for the API, the webhooks and
 * the jobs (each call says whose it is), so that no visitor's calls hold up an event's read or the reconciliation; and within
 * the API's lane one slot at a time for each person, so that one account's flood waits behind
 * itself, not in everyone's line. A call takes its person's turn, then a slot of its lane, or
 * waits; past the wait it fails with PaymentBusyError.
 */
export function createStripeSlots(limits: SlotLimits = defaultSlotLimits) {
  if (!(limits.max >= 1 && limits.maxWaitMs >= 0)) throw new Error('The cap on calls to Stripe needs at least one slot and a wait of 0 or more.')
  const retryAfterSeconds = Math.max(1, Math.ceil(limits.maxWaitMs / 1000))
  const lanes = { api: createLine(limits.max, retryAfterSeconds), webhooks: createLine(limits.webhooks ?? 1, retryAfterSeconds), jobs: createLine(limits.jobs ?? 1, retryAfterSeconds) }
  const people = new Map<string, ReturnType<typeof createLine>>()

  /** A slot: resolves with its release once taken; rejects with PaymentBusyError when none frees in time. */
  async function acquire(caller: StripeCaller = { lane: 'api' }): Promise<() => void> {
    const deadline = Date.now() + limits.maxWaitMs
    const person = caller.person
    let line = person === undefined ? undefined : people.get(person)
    if (person !== undefined && !line) people.set(person, (line = createLine(1, retryAfterSeconds)))
    const leave = () => {
      if (person !== undefined && line!.busy() === 0 && line!.waiting() === 0) people.delete(person)
    }
    let turn: (() => void) | undefined
    try {
      turn = line && (await line.take(deadline, caller.signal))
      const slot = await lanes[caller.lane].take(deadline, caller.signal)
      return once(() => {
        slot()
        turn?.()
        leave()
      })
    } catch (error) {
      turn?.()
      leave()
      throw error
    }
  }

  /** Runs the work in a slot. */
  async function run<T>(work: () => Promise<T>, caller?: StripeCaller): Promise<T> {
    const done = await acquire(caller)
    try {
      return await work()
    } finally {
      done()
    }
  }

  return { acquire, run, inUse: () => lanes.api.busy(), waiting: () => lanes.api.waiting(), people: () => people.size }
}

export type StripeSlots = ReturnType<typeof createStripeSlots>

/** The process's slots: every gateway made without slots of its own (the API's, a job's) shares them. */
export const processStripeSlots = createStripeSlots()

const once = (release: () => void) => {
  let released = false
  return () => {
    if (released) return
    released = true
    release()
  }
}

type Calls = Record<string, (...args: never[]) => Promise<unknown>>

/**
 * The same calls, each in a slot of its own, taken as `caller` (the API's lane, no person, when
 * none is said). Each of the gateway's calls asks Stripe one request at a time, so the slots cap
 * the requests in flight. The caller is passed, not found in an AsyncLocalStorage: on Node 20 that
 * would slow every promise of the process (about three times, measured).
 */
export function inSlots<T extends Calls>(slots: StripeSlots, calls: T, caller?: StripeCaller): T {
  const wrapped: Calls = {}
  for (const [name, call] of Object.entries(calls)) wrapped[name] = (...args) => slots.run(() => call(...args), caller)
  return wrapped as T
}
