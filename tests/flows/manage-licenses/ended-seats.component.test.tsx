// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { AssignedLicense } from '@/common/contract'
import { ManageLicensesPage } from '@/src/features/manage-licenses/components/ManageLicensesPage'
import { upgradeMachine } from '@/machines/upgrade.machine'
import { AccountServicesProvider, type AccountServices } from '@/src/ui/account-services'
import { fullStats, newSeat, ownSeat } from '@/testkit/flows/manage-licenses/manage-licenses.model'
import { pendingApi } from '@/tests/support/pending-api'
import { renderPage } from '@/tests/support/render'

/** A seat of the owner's Commercial Plus subscription that ended unpaid (the demo's lapsed@example.com): its key still opens what its paid year covered. */
const lapsedSeat: AssignedLicense = {
  ...newSeat,
  id: 'seat_lapsed',
  firstName: 'Lena',
  lastName: 'Lapsed',
  email: 'lena@example.com',
  ended: { updatesUntil: '2026-05-31T23:59:59.000Z', newestCovered: '9.0.1' },
}

describe("Manage Licenses: each seat's coverage, as My Licenses shows it", () => {
  it("marks a seat of an ended subscription 'Expired' with what its key still opens, in place of its date; a live seat keeps its date alone", async () => {
    const { api } = pendingApi({ stats: async () => fullStats, assignedLicenses: async () => [ownSeat, lapsedSeat] })
    const upgradeLogic = upgradeMachine.provide({ actors: { loadPaymentMethod: () => new Promise(() => {}) } as never })
    renderPage(() => (
      <AccountServicesProvider value={{ api } as AccountServices}>
        <ManageLicensesPage checkoutReturned={false} upgradeLogic={upgradeLogic} renderUpgrade={() => null} goToCheckout={() => {}} />
      </AccountServicesProvider>
    ))
    const table = await screen.findByRole('table', { name: 'Assigned licenses' })
    const row = (email: string) => within(within(table).getByRole('cell', { name: email }).closest('tr')!)
    expect(row('lena@example.com').getByText('Expired')).toBeTruthy()
    expect(row('lena@example.com').getByText('Updates until May 31, 2026 · newest covered: 9.0.1')).toBeTruthy()
    expect(row(ownSeat.email).queryByText('Expired')).toBeNull()
    expect(row(ownSeat.email).queryByText(/Updates until/)).toBeNull()
    expect(row(ownSeat.email).getByText('November 22, 2027')).toBeTruthy()
  })
})
