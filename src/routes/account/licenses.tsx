import { createFileRoute } from '@tanstack/react-router'
import { useMemo } from 'react'
import * as v from 'valibot'
import { upgradeMachine } from '../../../machines/upgrade.machine'
import { ManageLicensesPage } from '../../features/manage-licenses/components/ManageLicensesPage'
import { UpgradeWizard } from '../../features/upgrade/components/UpgradeWizard'
import { upgradeActors } from '../../features/upgrade/upgrade.actors'
import { useAccountServices } from '../../ui/account-services'

export const Route = createFileRoute('/account/licenses')({
  // The hosted checkout for additional licenses returns here with success=true or false.
  validateSearch: v.object({
    success: v.optional(v.union([v.boolean(), v.picklist(['true', 'false'])])),
    session_id: v.optional(v.pipe(v.string(), v.maxLength(255))),
  }),
  head: () => ({ meta: [{ title: 'Manage Licenses – Prism' }] }),
  component: LicensesRoute,
})

/** Composes Manage Licenses with the upgrade wizard it opens (features do not import each other). */
function LicensesRoute() {
  const { success } = Route.useSearch()
  const { api } = useAccountServices()
  const upgradeLogic = useMemo(
    () => upgradeMachine.provide({ actors: upgradeActors(api, () => window.location.href), actions: { reloadPage: () => window.location.reload() } }),
    [api],
  )
  return (
    <ManageLicensesPage
      checkoutReturned={success === true || success === 'true'}
      upgradeLogic={upgradeLogic}
      renderUpgrade={(upgrade, close) => <UpgradeWizard upgrade={upgrade} onClose={close} />}
    />
  )
}
