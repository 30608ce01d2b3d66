import type { SnapshotFrom } from 'xstate'
import type { billingPortalMachine } from '@/machines/billing-portal.machine'
import type { sessionMachine } from '@/machines/session.machine'
import { displayName, selectAccountNav } from './account-nav.select'

/** What the account area shows, from the session. */
export function selectAccountArea(snapshot: SnapshotFrom<typeof sessionMachine>) {
  const { account, organisation } = snapshot.context
  // The session keeps the account and the organisation once both came (POST /api/auth/login, GET /api/organisation).
  if (!account || !organisation) return { status: 'loading' as const }
  return {
    status: 'ready' as const,
    account,
    navItems: selectAccountNav(organisation),
    userName: displayName(account),
    userImage: account.image || null,
  }
}

/** Whether the account area opens on My Licenses, its index page. */
export const opensOnMyLicenses = (pathname: string) => /^\/account\/?$/.test(pathname)

export function selectBilling(snapshot: SnapshotFrom<typeof billingPortalMachine>) {
  return { opening: !snapshot.matches('idle'), error: snapshot.context.error }
}
