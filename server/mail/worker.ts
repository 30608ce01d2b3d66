import type { Database } from '../db/database'
import { log } from '../log'
import { claimDueMail, mailQueuedChannel, markMailFailed, markMailSent, msUntilNextMailDue, type ClaimedMail } from './outbox'
import type { SendMail } from './smtp'

/** A job the worker runs now and then; each may run on every instance at once, and again, without doing anything twice. */
export type PeriodicJob = (db: Database, siteOrigin: string) => Promise<unknown>

export interface MailWorkerOptions {
  db: Database
  send: SendMail
  /** Links in the reminders it queues point here. */
  siteOrigin: string
  /** Turns a failed send into words for the row and the log (smtp.ts keeps the password out). */
  describeFailure: (error: unknown) => string
  /**
   * The longest an idle worker goes without looking for due mail. Queued mail wakes it at once
   * (PostgreSQL's NOTIFY) and it wakes itself when a retry falls due, so this only covers a
   * notification lost with its connection.
   */
  pollMs?: number
  /** Whether queued mail wakes the worker; off for tests that drive it with runOnce. */
  wakeOnQueue?: boolean
  /** How long a claimed message is this worker's before another may try it. */
  leaseMs?: number
  /** Waits after the first, second, … failed attempt; the last repeats. */
  backoffMs?: readonly number[]
  /** After this long since it was queued, a message that still fails is given up (and kept). */
  giveUpAfterMs?: number
  /**
   * What each instance does now and then beside sending (server/periodic-jobs.ts: the reminders to
   * queue, the expiries to record), every `jobsEveryMs`, each on its own: one that fails is logged
   * and tried again next time, and holds up neither the others nor the mail.
   */
  jobs?: readonly PeriodicJob[]
  /** How often the jobs run. */
  jobsEveryMs?: number
  /**
   * Waits before recording a sent message again when the database refused it the first time:
   * mail left unrecorded is sent again once its lease ends.
   */
  recordRetryMs?: readonly number[]
}

export interface MailWorker {
  /** Runs the jobs when they are due, then sends what is due now; resolves when done (the tests' clock). */
  runOnce(): Promise<void>
  /** Finishes the message in hand, then stops: nothing is lost, an unfinished claim is retried by its lease. */
  stop(): Promise<void>
  /** How long the worker is asleep for until it looks at the queue again; null while it is awake (what tests watch). */
  sleepingMs(): number | null
}

const second = 1000
const minute = 60 * second
const hour = 60 * minute
/** The shortest sleep between runs, so a message due now but claimed elsewhere is not asked about in a loop. */
const minSleepMs = 50
export const defaultBackoffMs = [10 * second, 30 * second, 2 * minute, 10 * minute, hour] as const

/** The wait before the attempt after `failures` failed ones. */
export const retryDelay = (backoffMs: readonly number[], failures: number) => backoffMs[Math.min(failures, backoffMs.length) - 1]!

/**
 * The mail queue's worker, one in every instance: woken by queued mail, it claims one due message at
 * a time (several instances never claim the same), sends it, and records the outcome. A failure is
 * retried with back-off for three days, then given up with an error in the log; the row stays.
 * Between messages it sleeps until the next retry is due, a minute at most: it does not poll.
 */
export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const pollMs = options.pollMs ?? minute
  const leaseMs = options.leaseMs ?? 2 * minute
  const backoffMs = options.backoffMs ?? defaultBackoffMs
  const giveUpAfterMs = options.giveUpAfterMs ?? 3 * 24 * hour
  const recordRetryMs = options.recordRetryMs ?? [500, 1_000, 2_000, 4_000, 8_000]
  const jobsEveryMs = options.jobsEveryMs ?? hour
  let stopped = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let sleeping: number | null = null
  let running: Promise<void> = Promise.resolve()
  // A run is queued that has not started yet: a second wake-up meanwhile has nothing to add.
  let runQueued = false
  let stopListening: (() => Promise<void>) | undefined
  let lastJobs = -Infinity
  // One warning when the queue cannot be read (the database is down), not one a poll.
  let failing = false

  async function attempt(mail: ClaimedMail) {
    try {
      await options.send(mail)
    } catch (error) {
      const failures = mail.attempts + 1
      const reason = options.describeFailure(error)
      const givingUp = Date.now() - mail.createdAt.getTime() >= giveUpAfterMs
      await markMailFailed(options.db, mail.id, reason, givingUp ? null : retryDelay(backoffMs, failures))
      if (givingUp) log.error({ mailId: mail.id, attempts: failures, error: reason }, 'mail given up: it could not be sent for three days')
      else log.warn({ mailId: mail.id, attempts: failures, error: reason }, 'mail not sent: it will be retried')
      return
    }
    await recordSent(mail)
    log.info({ mailId: mail.id, attempts: mail.attempts + 1 }, 'mail sent')
  }

  /** The message went out: record it, through a short loss of the database if need be. */
  async function recordSent(mail: ClaimedMail) {
    for (const waitMs of [...recordRetryMs, null]) {
      try {
        return await markMailSent(options.db, mail.id)
      } catch (error) {
        if (waitMs === null || stopped) {
          log.error({ mailId: mail.id, err: { message: error instanceof Error ? error.message : String(error) } }, 'mail sent but not recorded: it may be sent again when its lease ends')
          throw error
        }
        await new Promise((resolve) => setTimeout(resolve, waitMs))
      }
    }
  }

  async function runJob(job: PeriodicJob) {
    try {
      await job(options.db, options.siteOrigin)
    } catch (error) {
      if (!stopped) log.warn({ job: job.name, err: { message: error instanceof Error ? error.message : String(error) } }, 'periodic job failed: it runs again next time')
    }
  }

  async function work() {
    if (Date.now() - lastJobs >= jobsEveryMs) {
      lastJobs = Date.now()
      for (const job of options.jobs ?? []) await runJob(job)
    }
    for (let mail = await claimDueMail(options.db, leaseMs); mail; mail = stopped ? undefined : await claimDueMail(options.db, leaseMs)) await attempt(mail)
  }

  function runOnce(): Promise<void> {
    runQueued = true
    running = running
      .then(() => {
        runQueued = false
        return work()
      })
      .then(() => {
        if (failing) log.info('mail queue readable again')
        failing = false
      })
      .catch((error: unknown) => {
        if (!failing && !stopped) log.warn({ err: { message: error instanceof Error ? error.message : String(error) } }, 'mail queue unavailable: retrying')
        failing = true
      })
    return running
  }

  /** How long to sleep: until the next retry or lease end, the next jobs, or pollMs at most. */
  async function sleepMs() {
    const untilDue = (await msUntilNextMailDue(options.db).catch(() => undefined)) ?? Infinity
    const untilJobs = lastJobs + jobsEveryMs - Date.now()
    // A message due now that another instance is claiming this very moment: look again shortly.
    return Math.max(minSleepMs, Math.min(pollMs, untilDue, untilJobs))
  }

  function wake() {
    if (stopped || runQueued) return
    clearTimeout(timer)
    sleeping = null
    void runOnce().then(async () => {
      const wait = await sleepMs()
      // Stopped, or woken again meanwhile (that run sets its own timer).
      if (stopped || runQueued) return
      clearTimeout(timer)
      timer = setTimeout(wake, wait)
      // The worker alone never keeps a process alive.
      timer.unref()
      sleeping = wait
    })
  }
  // Listening wakes it once as it begins, for mail queued before.
  if (options.wakeOnQueue ?? true)
    void options.db.listen(mailQueuedChannel, wake).then((stop) => {
      if (stopped) void stop()
      else stopListening = stop
    })
  wake()

  return {
    runOnce,
    async stop() {
      stopped = true
      sleeping = null
      clearTimeout(timer)
      await stopListening?.()
      await running
    },
    sleepingMs: () => sleeping,
  }
}
