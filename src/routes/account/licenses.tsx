import { createFileRoute } from '@tanstack/react-router'
import { useEffect, useMemo, useState } from 'react'
import { useSelector } from '@xstate/react'
import * as v from 'valibot'
import { upgradeMachine } from '@/machines/upgrade.machine'
import { ManageLicensesPage } from '@/src/features/manage-licenses/components/ManageLicensesPage'
import { UpgradeWizard } from '@/src/features/upgrade/components/UpgradeWizard'
import { upgradeActors } from '@/src/features/upgrade/upgrade.actors'
import { useAccountServices } from '@/src/ui/account-services'
import { checkoutSucceeded, checkoutSuccessParam } from '@/src/payments/checkout-return'

// The hosted checkout for additional licenses returns here with success=true or false. The address
// is read in the component, which is split from the public pages' JavaScript (docs/decisions/0002).
const checkoutReturnSchema = v.object({ success: checkoutSuccessParam })

export const Route = createFileRoute('/account/licenses')({
  head: () => ({ meta: [{ title: 'Manage Licenses – Prism' }] }),
  component: LicensesRoute,
})

/** Composes Manage Licenses with the upgrade wizard it opens (features do not import each other). */
function LicensesRoute() {
  const search = Route.useSearch()
  const [checkoutReturned] = useState(() => checkoutSucceeded(v.parse(checkoutReturnSchema, search).success))
  const navigate = Route.useNavigate()
  // Read once, then dropped from the address, so a reload does not confirm the purchase again.
  useEffect(() => {
    if (checkoutReturned) void navigate({ search: {}, replace: true })
  }, [checkoutReturned, navigate])
  const { api, session } = useAccountServices()
  // The area shows only once the organisation came: the role is known (issue 30).
  const role = useSelector(session, (snapshot) => snapshot.context.organisation?.role) ?? undefined
  const upgradeLogic = useMemo(() => upgradeMachine.provide({ actors: upgradeActors(api, () => window.location.href), actions: { reloadPage: () => window.location.reload() } }), [api])
  return <ManageLicensesPage role={role} checkoutReturned={checkoutReturned} upgradeLogic={upgradeLogic} renderUpgrade={(upgrade) => <UpgradeWizard upgrade={upgrade} />} />
}
