import type { SnapshotFrom } from 'xstate'
import type { billingPortalMachine } from '../../../machines/billing-portal.machine'
import type { sessionMachine } from '../../../machines/session.machine'
import { displayName, selectAccountNav } from './account-nav.select'

/** What the account area shows, from the session. */
export function selectAccountArea(snapshot: SnapshotFrom<typeof sessionMachine>) {
  const account = snapshot.context.account
  // The session keeps the account only once it is ready (POST /api/auth/login answered).
  if (!account) return { status: 'loading' as const }
  return {
    status: 'ready' as const,
    account,
    navItems: selectAccountNav(account),
    userName: displayName(account),
    userImage: account.image || null,
  }
}

export function selectBilling(snapshot: SnapshotFrom<typeof billingPortalMachine>) {
  return { opening: !snapshot.matches('idle'), error: snapshot.context.error }
}
