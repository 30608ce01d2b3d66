import { PaymentBusyError } from './errors'

export interface SlotLimits {
  /** How many calls to Stripe this process makes at once. */
  max: number
  /** How long a call waits for a free slot before it is refused. */
  maxWaitMs: number
}

/**
 * Four at once, each waiting 2 s at most (decision 0022): Stripe answers a call in about a quarter
 * of a second, so one instance sends it some 16 requests a second at most, under the 25 a second
 * that Stripe allows a test-mode account (100 live), whatever its visitors do.
 */
export const defaultSlotLimits: SlotLimits = { max: 4, maxWaitMs: 2_000 }

/**
 * A process-wide cap on concurrent calls to Stripe: a call takes a slot, or waits in line (first
 * come, first served) for one; past the wait it fails with PaymentBusyError.
 */
export function createStripeSlots(limits: SlotLimits = defaultSlotLimits) {
  if (!(limits.max >= 1 && limits.maxWaitMs >= 0)) throw new Error('The cap on calls to Stripe needs at least one slot and a wait of 0 or more.')
  let busy = 0
  const line: { take: () => void }[] = []

  function release() {
    const next = line.shift()
    if (next) next.take()
    else busy--
  }

  /** A slot: resolves with its release once taken; rejects with PaymentBusyError when none frees in time. */
  function acquire(): Promise<() => void> {
    if (busy < limits.max) {
      busy++
      return Promise.resolve(once(release))
    }
    return new Promise((resolve, reject) => {
      const waiter = {
        take: () => {
          clearTimeout(timer)
          resolve(once(release))
        },
      }
      const timer = setTimeout(() => {
        line.splice(line.indexOf(waiter), 1)
        reject(new PaymentBusyError(Math.max(1, Math.ceil(limits.maxWaitMs / 1000))))
      }, limits.maxWaitMs)
      line.push(waiter)
    })
  }

  /** Runs the work in a slot. */
  async function run<T>(work: () => Promise<T>): Promise<T> {
    const done = await acquire()
    try {
      return await work()
    } finally {
      done()
    }
  }

  return { acquire, run, inUse: () => busy, waiting: () => line.length }
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
 * The same calls, each in a slot of its own. Each of the gateway's calls asks Stripe one request
 * at a time, so the slots cap the requests in flight.
 */
export function inSlots<T extends Calls>(slots: StripeSlots, calls: T): T {
  const wrapped: Calls = {}
  for (const [name, call] of Object.entries(calls)) wrapped[name] = (...args) => slots.run(() => call(...args))
  return wrapped as T
}
