import type { SnapshotFrom } from 'xstate'
import type { licenseKeyMachine } from '@/machines/license-key.machine'

/** What the License Key dialog shows: the license while it is open, and whether a key was just copied. */
export function selectLicenseKey(snapshot: SnapshotFrom<typeof licenseKeyMachine>) {
  return { license: snapshot.matches('open') ? snapshot.context.license : null, copied: snapshot.context.copied }
}
