import { randomUUID } from 'node:crypto'
import type { Queryable } from './database'

/**
 * The most a periodic job (server/periodic-jobs.ts) does in one run: the mails it queues, the rows
 * it marks. What is left waits for the next run, an hour later; so a backlog (a restore, a clock
 * gone wrong) is worked off in bounded steps, each within the database's statement timeout.
 */
export const jobBatch = 500

/** A run of a job this instance holds: its lease is `holder`'s until it finishes or the lease ends. */
export interface JobRun {
  name: string
  holder: string
}

/**
 * Takes the job's lease when no one holds it (or the holder's lease has ended: it stopped half-way)
 * and, with `everyHours`, only when its last finished run is at least that old. One instance at a
 * time, PGlite and PostgreSQL alike: the row is the lock, and no connection is held while the job
 * runs. Answers the run, or null when the job is not this caller's to run now.
 */
export async function claimJobRun(db: Queryable, name: string, options: { leaseMinutes: number; everyHours?: number }): Promise<JobRun | null> {
  const holder = randomUUID()
  const [claimed] = await db.query(
    `insert into job_runs (name, holder, lease_until, started_at) values ($1, $2, now() + make_interval(mins => $3), now())
     on conflict (name) do update set holder = excluded.holder, lease_until = excluded.lease_until, started_at = excluded.started_at
      where (job_runs.lease_until is null or job_runs.lease_until < now())
        and ($4::int is null or job_runs.finished_at is null or job_runs.finished_at < now() - make_interval(hours => $4::int))
     returning holder`,
    [name, holder, options.leaseMinutes, options.everyHours ?? null],
  )
  return claimed ? { name, holder } : null
}

/** When the job's current run started, if one holds its lease. */
export async function runningSince(db: Queryable, name: string): Promise<Date | null> {
  const [row] = await db.query<{ started_at: Date }>('select started_at from job_runs where name = $1 and lease_until > now()', [name])
  return row ? new Date(row.started_at) : null
}

/** Gives the lease back; a finished run counts as the job's last (`everyHours` is counted from it). */
export async function endJobRun(db: Queryable, run: JobRun, outcome: 'finished' | 'failed'): Promise<void> {
  await db.query(`update job_runs set lease_until = null${outcome === 'finished' ? ', finished_at = now()' : ''} where name = $1 and holder = $2`, [run.name, run.holder])
}
