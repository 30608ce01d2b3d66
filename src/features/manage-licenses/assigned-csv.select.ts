import type { SnapshotFrom } from 'xstate'
import type { assignedCsvMachine } from '@/machines/assigned-csv.machine'

/** 'Download CSV' as the page shows it: busy while the file comes, and the last failure until dismissed. */
export function selectAssignedCsv(snapshot: SnapshotFrom<typeof assignedCsvMachine>) {
  return { downloading: snapshot.matches('downloading'), error: snapshot.context.error }
}
