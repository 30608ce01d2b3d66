import type { SnapshotFrom } from 'xstate'
import { formatLongDate } from '@/common/format'
import type { trialMachine } from '@/machines/trial.machine'

/**
 * What My Licenses shows of the trial: its notice, the busy buttons, the failure, and the round of
 * cards to show (a trial started or moved: the page loads its cards again, with the trial's).
 */
export function selectTrial(snapshot: SnapshotFrom<typeof trialMachine>) {
  const { trial, error } = snapshot.context
  const ends = trial ? formatLongDate(trial.trialEnd) : ''
  return {
    notice:
      snapshot.matches('running') && trial && !error
        ? `Your free Commercial Plus trial has started: it ends on ${ends}.`
        : snapshot.matches('extended')
          ? `Your trial now ends on ${ends}: it has had its one extension.`
          : null,
    starting: snapshot.matches('starting'),
    extending: snapshot.matches('extending'),
    error,
    cardsRound: trial?.trialEnd ?? 'as loaded',
  }
}
