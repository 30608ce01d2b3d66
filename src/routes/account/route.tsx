import { Outlet, createFileRoute } from '@tanstack/react-router'
import { AccountArea } from '@/src/features/account-shell/components/AccountArea'
import { LoadingPage } from '@/src/ui/LoadingScreen'
import { accountsApiFor } from '@/src/api/accounts-api'
import { accountAreaTitle } from '@/src/content/pages'
import { signInReturnPath } from '@/src/features/members/invitation-link'

export const Route = createFileRoute('/account')({
  head: () => ({ meta: [{ title: accountAreaTitle }, { name: 'robots', content: 'noindex' }] }),
  // The account area requires sign-in by redirect, coming back to the page first asked for: its
  // address is the sign-in's state, which the identity provider sees, so an invitation's secret
  // stays in this tab and no fragment goes (issue 48).
  beforeLoad: async ({ context, location }) => {
    const auth = await context.auth.load()
    const snapshot = await auth.ready()
    if (!snapshot.context.activeAccount) {
      auth.signIn(signInReturnPath(location))
      await new Promise<never>(() => {}) // the browser is leaving for the sign-in page
    }
    return { authService: auth }
  },
  // 'Loading, please wait...' at once, and gone as soon as the sign-in is known: the router's
  // default keeps a pending page up for 500 ms at least, which held back the session's calls.
  pendingMs: 0,
  pendingMinMs: 0,
  pendingComponent: LoadingPage,
  component: AccountRoute,
})

function AccountRoute() {
  const { authService } = Route.useRouteContext()
  // Made here, not in beforeLoad, so the API client stays out of the public pages' JavaScript.
  const api = accountsApiFor(authService)
  return (
    <AccountArea auth={authService} api={api}>
      <Outlet />
    </AccountArea>
  )
}
