import type { Database } from '../db/database'
import { log } from '../log'
import { reconciliationJob, type ReconcilingStripe } from './job'

export interface ReconciliationSchedule {
  /** Runs the job now if no run is going (the tests' clock); resolves when it is done. */
  runOnce(): Promise<void>
  /** Stops the timer and waits for the run in hand. */
  stop(): Promise<void>
}

/**
 * The daily reconciliation on a timer of its own in every instance, off the mail worker's path: a
 * run that takes long (Stripe slow, many subscriptions) holds up no mail. Every `everyMs` it asks
 * for the day's run (the job's lease lets one instance a day run it); a failure is logged and
 * asked again next time. At most one run at a time in the process.
 */
export function startReconciliation(db: Database, stripe: ReconcilingStripe, options: { everyMs?: number } = {}): ReconciliationSchedule {
  const job = reconciliationJob(stripe)
  let running: Promise<void> | undefined
  let stopped = false
  function runOnce() {
    running ??= job(db, '')
      .then(
        () => undefined,
        (error: unknown) => {
          if (!stopped) log.warn({ job: job.name, err: { message: error instanceof Error ? error.message : String(error) } }, 'periodic job failed: it runs again next time')
        },
      )
      .finally(() => (running = undefined))
    return running
  }
  const timer = setInterval(() => void runOnce(), options.everyMs ?? 3_600_000)
  // The schedule alone never keeps a process alive.
  timer.unref()
  void runOnce()
  return {
    runOnce,
    stop: async () => {
      stopped = true
      clearInterval(timer)
      await running
    },
  }
}
