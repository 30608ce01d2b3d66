import { useMemo, useState, type ReactNode } from 'react'
import { useSelector } from '@xstate/react'
import { useAppActorRef } from '@/src/ui/app-actors'
import { useNavigate, useRouter } from '@tanstack/react-router'
import { billingPortalMachine } from '@/machines/billing-portal.machine'
import { sessionMachine } from '@/machines/session.machine'
import type { AccountsApi } from '@/src/api/accounts-api'
import { identityOf, type AuthService } from '@/src/auth/auth-service'
import { accountShellActors } from '../account.actors'
import { opensOnMyLicenses, selectAccountArea, selectBilling } from '../account-area.select'
import { AccountServicesProvider } from '@/src/ui/account-services'
import { AccountLayout } from './AccountLayout'
import { LoadingPage } from '@/src/ui/LoadingScreen'
import '../account-shell.css'
import { leaveSiteFor } from '@/src/ui/leave-site'

/** The signed-in area: loads the account, then shows the layout around the page. */
export function AccountArea({ auth, api, children }: { auth: AuthService; api: AccountsApi; children: ReactNode }) {
  const navigate = useNavigate()
  const router = useRouter()
  const actors = useMemo(() => accountShellActors(api), [api])
  // The session starts from the account signed in when the area opened; a re-render after that
  // account is forgotten (the guard is about to leave) must not read it again.
  const [identity] = useState(() => identityOf(auth.actor.getSnapshot().context.activeAccount!))
  // Opened on My Licenses, the session loads its first page beside the account (decision 0036).
  const [opensOnLicenses] = useState(() => opensOnMyLicenses(router.state.location.pathname))
  const session = useAppActorRef(sessionMachine.provide({ actors, actions: { goHome: () => void navigate({ to: '/' }) } }), { input: { identity, opensOnLicenses } })
  const billing = useAppActorRef(billingPortalMachine.provide({ actors, actions: { goToPortal: (_, { url }) => leaveSiteFor(url) } }))
  const area = useSelector(session, selectAccountArea)
  const billingView = useSelector(billing, selectBilling)
  const services = useMemo(() => ({ auth, api, session, billing }), [auth, api, session, billing])

  if (area.status === 'loading') return <LoadingPage />
  return (
    <AccountServicesProvider value={services}>
      <AccountLayout
        navItems={area.navItems}
        userName={area.userName}
        userImage={area.userImage}
        billingOpening={billingView.opening}
        billingError={billingView.error}
        onOpenBilling={() => billing.send({ type: 'portal.open', returnUrl: window.location.href })}
        onDismissBillingError={() => billing.send({ type: 'error.dismiss' })}
        onLogout={() => auth.signOut()}
      >
        {children}
      </AccountLayout>
    </AccountServicesProvider>
  )
}
