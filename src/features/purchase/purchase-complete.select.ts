import type { SnapshotFrom } from 'xstate'
import type { purchaseCompleteMachine } from '@/machines/purchase-complete.machine'

/** What the page says: still asking, licenses ready, being set up, taking longer, or not paid. */
export type PurchaseOutcome = 'checking' | 'ready' | 'settingUp' | 'delayed' | 'incomplete'

export function selectPurchaseComplete(snapshot: SnapshotFrom<typeof purchaseCompleteMachine>): { outcome: PurchaseOutcome } {
  if (snapshot.matches('fulfilled')) return { outcome: 'ready' }
  if (snapshot.matches('delayed')) return { outcome: 'delayed' }
  if (snapshot.matches('incomplete')) return { outcome: 'incomplete' }
  // Asking again after a wait: the payment is known to have gone through.
  if (snapshot.matches('processing') || snapshot.context.waits > 0) return { outcome: 'settingUp' }
  return { outcome: 'checking' }
}
