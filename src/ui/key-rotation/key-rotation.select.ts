import type { SnapshotFrom } from 'xstate'
import type { keyRotationMachine } from '@/machines/key-rotation.machine'

/**
 * Key rotation as the License Key dialog (My Licenses) and the Regenerate key dialog (Manage
 * Licenses) show it: the confirmation while asked, sending or failed; the new key once done.
 */
export function selectKeyRotation(snapshot: SnapshotFrom<typeof keyRotationMachine>) {
  const { seat, licenseKey, error } = snapshot.context
  const regenerating = snapshot.matches('regenerating')
  return {
    /** The confirmation (with the failure's message over it) replaces the key. */
    confirming: snapshot.matches('confirming') || regenerating || snapshot.matches('failed'),
    regenerating,
    failed: snapshot.matches('failed'),
    error: snapshot.matches('failed') ? error : null,
    done: snapshot.matches('done'),
    newKey: snapshot.matches('done') ? licenseKey : null,
    seat,
    /** Closing is refused while the request is out: the answer is the only copy of the new key. */
    canClose: !regenerating,
    /** 'Regenerate key' asks from the key as it is, or again after a new key. */
    canRequest: snapshot.matches('idle') || snapshot.matches('done'),
  }
}
