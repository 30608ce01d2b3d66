import type { SnapshotFrom } from 'xstate'
import type { licenseFileMachine } from '@/machines/license-file.machine'

/** 'Download license file' as a page shows it: the seat whose file is coming (null: none), and the last failure until dismissed. */
export function selectLicenseFile(snapshot: SnapshotFrom<typeof licenseFileMachine>) {
  const downloading = snapshot.matches('downloading') ? snapshot.context.licenseId : null
  return { downloading, canDownload: downloading === null, error: snapshot.context.error }
}
