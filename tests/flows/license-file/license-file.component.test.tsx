// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { upgradeMachine } from '@/machines/upgrade.machine'
import { ManageLicensesPage } from '@/src/features/manage-licenses/components/ManageLicensesPage'
import { AccountServicesProvider, type AccountServices } from '@/src/ui/account-services'
import { LicenseFileDownload } from '@/src/ui/license-file/LicenseFileDownload'
import { planPaths } from '@/testkit/model/paths'
import { fileFailure, licenseFile, licenseFileModel, seatId } from '@/testkit/flows/license-file/license-file.model'
import { licenseFileOracle } from '@/testkit/flows/license-file/license-file.oracle'
import { licenseFileViewTable } from '@/testkit/flows/license-file/license-file.view-table'
import { freeSeatStats, newSeat, ownSeat } from '@/testkit/flows/manage-licenses/manage-licenses.model'
import { account } from '@/testkit/flows/session/session.model'
import { pendingApi, renderAccountPage, settleActorEvent } from '@/tests/support/pending-api'
import { renderPage } from '@/tests/support/render'
import { walkPaths } from '@/tests/support/run-paths'

const plan = planPaths(licenseFileModel)

describe("The License Key dialog's Download license file (component paths of the licenseFile machine)", () => {
  walkPaths(plan.paths, {
    table: licenseFileViewTable,
    oracle: licenseFileOracle,
    refuse: licenseFileModel.events,
    start: () => {
      const pending = pendingApi()
      const saved: string[] = []
      renderAccountPage(() => <LicenseFileDownload licenseId={seatId} saveFile={(file) => saved.push(file)} />, { api: pending.api, account, path: '/account' })
      return { pending, saved }
    },
    step: async (event, { pending }) => {
      if (await settleActorEvent(pending, { downloadLicenseFile: 'licenseFile' }, event)) return
      if (event.type === 'file.download') fireEvent.click(screen.getByRole('button', { name: 'Download license file' }))
      if (event.type === 'error.dismiss') fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }))
    },
    end: ({ pending, saved }, sent) => {
      // One request a press, for the dialog's seat, and each file that came is saved as it came.
      expect(pending.made('licenseFile')).toEqual(sent.filter((event) => event.type === 'file.download').map(() => [seatId]))
      expect(saved).toEqual(sent.filter((event) => event.type === 'xstate.done.actor.downloadLicenseFile').map(() => licenseFile))
    },
  })
})

describe("Manage Licenses' License file on each seat's row", () => {
  /** Manage Licenses with Cara's own seat and Ada's; the license files wait for the test. */
  async function open() {
    const pending = pendingApi({ stats: async () => freeSeatStats, assignedLicenses: async () => [ownSeat, newSeat], activity: async () => ({ entries: [], nextCursor: null }) })
    const saved: string[] = []
    const upgradeLogic = upgradeMachine.provide({ actors: { loadPaymentMethod: () => new Promise(() => {}) } as never })
    renderPage(() => (
      <AccountServicesProvider value={{ api: pending.api } as AccountServices}>
        <ManageLicensesPage checkoutReturned={false} upgradeLogic={upgradeLogic} renderUpgrade={() => null} saveLicenseFile={(file) => saved.push(file)} />
      </AccountServicesProvider>
    ))
    expect(await screen.findByText('ada@example.com')).toBeTruthy()
    return { pending, saved }
  }
  const ada = () => screen.getByRole('button', { name: `Download the license file of ${newSeat.firstName} ${newSeat.lastName}` })
  const cara = () => screen.getByRole('button', { name: `Download the license file of ${ownSeat.firstName} ${ownSeat.lastName}` })

  it("downloads the pressed seat's file and saves it, one seat at a time", async () => {
    const { pending, saved } = await open()
    fireEvent.click(ada())
    expect(pending.made('licenseFile')).toEqual([[newSeat.id]])
    // While Ada's file comes, no other seat's can be asked for.
    await waitFor(() => expect(cara()).toHaveProperty('disabled', true))
    fireEvent.click(cara())
    expect(pending.made('licenseFile')).toHaveLength(1)
    await pending.settle('licenseFile', { output: licenseFile })
    expect(saved).toEqual([licenseFile])
    await waitFor(() => expect(cara()).toHaveProperty('disabled', false))
  })

  it('says why a file could not be downloaded, until dismissed', async () => {
    const { pending, saved } = await open()
    fireEvent.click(cara())
    await pending.settle('licenseFile', { error: new Error(fileFailure) })
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe(`The license file could not be downloaded${fileFailure}`)
    expect(saved).toEqual([])
    fireEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }))
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull())
  })
})
