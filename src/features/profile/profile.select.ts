import type { SnapshotFrom } from 'xstate'
import type { profileMachine } from '@/machines/profile.machine'

/** What the Profile page shows in each state of the profile machine. */
export function selectProfile(snapshot: SnapshotFrom<typeof profileMachine>) {
  return {
    account: snapshot.context.account,
    loading: snapshot.matches('loading'),
    failed: snapshot.matches('failed'),
    saving: snapshot.matches('saving'),
    saved: snapshot.context.saved,
    error: snapshot.context.error,
  }
}
