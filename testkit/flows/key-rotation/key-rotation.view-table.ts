import type { StateView, ViewTable } from '@/testkit/views/view-table'

const notFound = "The requested information couldn't be found. Please try again or contact support."
/** The owner is asked before Ada Lovelace's key changes (her name is in bold, apart from this text). */
const asked =
  'Regenerate the key of (ada@example.com)? The old key stops working at once: they must update their CI secrets and NuGet feed credentials with the new key, which they see in My Licenses.'
const confirmation: StateView = { dialogs: ['Regenerate key'], shows: ['Ada Lovelace', asked] }

/** What Manage Licenses shows of the owner's key rotation for Ada Lovelace's seat, in each state of the keyRotation machine. */
export const keyRotationViewTable: ViewTable = {
  'keyRotation.idle': { dialogs: [], enabled: ['Regenerate key of Ada Lovelace', 'Regenerate key of Cara Commercial'], alerts: [] },
  'keyRotation.confirming': { ...confirmation, enabled: ['Cancel', 'Regenerate key'], disabled: ['Regenerate key of Ada Lovelace'], alerts: [] },
  // Closing is refused until the answer: it is the only copy of the new key.
  'keyRotation.regenerating': { ...confirmation, disabled: ['Cancel', 'Regenerate key', 'Regenerate key of Ada Lovelace'], alerts: [] },
  'keyRotation.failed': { ...confirmation, enabled: ['Cancel', 'Try again'], absent: ['Regenerate key'], alerts: [notFound] },
  'keyRotation.done': {
    dialogs: ['Regenerate key'],
    shows: ['A new key was made. The old key no longer works.', 'Ada Lovelace (ada@example.com) sees the new key in My Licenses.'],
    hides: [asked],
    enabled: ['Done', 'Copy new license key', 'Regenerate key of Ada Lovelace'],
    alerts: [],
  },
}
