import type { SnapshotFrom } from 'xstate'
import { formatLongDate } from '@/common/format'
import type { trialMachine } from '@/machines/trial.machine'

/**
 * What My Licenses shows of the trial: its notice, the busy buttons, the failure, and the round of
 * cards to show (a trial started or moved: the page loads its cards again, with the trial's).
 */
export function selectTrial(snapshot: SnapshotFrom<typeof trialMachine>) {
  const { trial, error } = snapshot.context
  return {
    notice: trial ? noticeOf(snapshot, formatLongDate(trial.trialEnd), error) : null,
    starting: snapshot.matches('starting'),
    extending: snapshot.matches('extending'),
    error,
    cardsRound: trial?.trialEnd ?? 'as loaded',
  }
}

/** The trial's notice once it has an end: started (unless a later step failed), or moved by its one extension. */
function noticeOf(snapshot: SnapshotFrom<typeof trialMachine>, ends: string, error: string | null): string | null {
  if (snapshot.matches('running') && !error) return `Your free Commercial Plus trial has started: it ends on ${ends}.`
  return snapshot.matches('extended') ? `Your trial now ends on ${ends}: it has had its one extension.` : null
}
