// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { License } from '@/common/contract'
import { MyLicensesPage } from '@/src/features/my-licenses/components/MyLicensesPage'
import { pendingApi, renderAccountPage } from '@/tests/support/pending-api'
import { plusLicense } from '@/testkit/flows/my-licenses/my-licenses.model'
import { account } from '@/testkit/flows/session/session.model'

const commercial: License = {
  ...plusLicense,
  id: 'seat_commercial',
  subscription: 'Commercial',
  priceId: 'commercial',
  licenseKey: 'PRSM-COMME-11111-22222-33333-44444',
  expirationDate: '2028-03-01T00:00:00.000Z',
}

/** My Licenses with these licenses answered; `portal` sees where Billing would leave for. */
async function renderWith(licenses: License[]) {
  const pending = pendingApi()
  const portal = vi.fn()
  renderAccountPage(() => <MyLicensesPage />, { api: pending.api, account, goToPortal: portal })
  await pending.settle('licenses', { output: licenses })
  return { pending, portal }
}

const card = (name: string) => within(screen.getByRole('article', { name }))

describe('a license card by its billing status', () => {
  it("active: the green 'Active' badge, 'Expires:' with the long date, and the key [S2.my-licenses.card S9.dates]", async () => {
    await renderWith([commercial])
    expect(card('Commercial').getByText('Active')).toBeTruthy()
    expect(card('Commercial').getByText('Expires: March 1, 2028')).toBeTruthy()
    expect(card('Commercial').getByRole('button', { name: 'License Key' })).toBeTruthy()
    expect(card('Commercial').queryByRole('button', { name: 'Update payment in Billing' })).toBeNull()
  })

  it("payment due: the amber 'Payment due' badge, the key, and for the owner 'Update payment in Billing', which opens the billing portal", async () => {
    const { pending, portal } = await renderWith([{ ...commercial, status: 'payment-due', ownedByCaller: true }])
    expect(card('Commercial').getByText('Payment due')).toBeTruthy()
    expect(card('Commercial').queryByText('Active')).toBeNull()
    expect(card('Commercial').getByText('Expires: March 1, 2028')).toBeTruthy()
    expect(card('Commercial').getByRole('button', { name: 'License Key' })).toBeTruthy()
    fireEvent.click(card('Commercial').getByRole('button', { name: 'Update payment in Billing' }))
    expect(pending.calls('createPortalSession')).toEqual([[window.location.href]])
    await pending.settle('createPortalSession', { output: { url: 'https://localhost:5173/sandbox/portal/bps_1' } })
    await waitFor(() => expect(portal).toHaveBeenCalledWith('https://localhost:5173/sandbox/portal/bps_1'))
  })

  it('payment due for someone else’s seat: no Billing link (only the owner pays)', async () => {
    await renderWith([{ ...commercial, status: 'payment-due', ownedByCaller: false }])
    expect(card('Commercial').getByText('Payment due')).toBeTruthy()
    expect(card('Commercial').queryByRole('button', { name: 'Update payment in Billing' })).toBeNull()
  })

  it("set to cancel: 'Cancels on' with the long date instead of 'Expires:', and the key until then", async () => {
    await renderWith([{ ...commercial, status: 'cancels' }])
    expect(card('Commercial').getByText('Cancels on March 1, 2028')).toBeTruthy()
    expect(card('Commercial').queryByText('Expires: March 1, 2028')).toBeNull()
    expect(card('Commercial').getByText('Active')).toBeTruthy()
    expect(card('Commercial').getByRole('button', { name: 'License Key' })).toBeTruthy()
  })

  it("expired: the grey 'Expired' badge, no key, and for the owner 'Buy again' to the plan's purchase page", async () => {
    await renderWith([{ ...commercial, status: 'expired', licenseKey: '', ownedByCaller: true }])
    expect(card('Commercial').getByText('Expired')).toBeTruthy()
    expect(card('Commercial').getByText('Expired on March 1, 2028')).toBeTruthy()
    expect(card('Commercial').queryByRole('button', { name: 'License Key' })).toBeNull()
    expect(card('Commercial').getByRole('link', { name: 'Buy Commercial again' }).getAttribute('href')).toBe('/account/purchase?pid=commercial')
  })

  it("expired, held from someone else's subscription: no key and nothing to buy", async () => {
    await renderWith([{ ...commercial, status: 'expired', licenseKey: '', ownedByCaller: false }])
    expect(card('Commercial').getByText('Expired')).toBeTruthy()
    expect(card('Commercial').queryByRole('button', { name: 'License Key' })).toBeNull()
    expect(card('Commercial').queryByRole('link', { name: 'Buy Commercial again' })).toBeNull()
  })

  it("expired Commercial Plus that still covers versions: 'Expired', its key still there, what it covers, and no Discord", async () => {
    await renderWith([{ ...plusLicense, status: 'expired', expirationDate: '2027-05-31T23:59:59.000Z', updatesUntil: '2026-05-31T23:59:59.000Z', newestCovered: '9.0.1' }])
    expect(card('Commercial Plus').getByText('Expired')).toBeTruthy()
    expect(card('Commercial Plus').getByText('Updates until May 31, 2026 · newest covered: 9.0.1')).toBeTruthy()
    expect(card('Commercial Plus').getByRole('button', { name: 'License Key' })).toBeTruthy()
    expect(card('Commercial Plus').queryByRole('button', { name: 'Connect Discord' })).toBeNull()
  })

  it('a live seat says when it expires, not what it covers: everything released so far', async () => {
    await renderWith([plusLicense])
    expect(card('Commercial Plus').getByText('Expires: November 22, 2027')).toBeTruthy()
    expect(card('Commercial Plus').queryByText(/Updates until/)).toBeNull()
  })

  it('expired Commercial Plus that covers nothing any more: no Discord and no feed, only the live seat has them', async () => {
    await renderWith([{ ...plusLicense, status: 'expired', licenseKey: '' }])
    expect(card('Commercial Plus').getByText('Expired')).toBeTruthy()
    expect(card('Commercial Plus').queryByRole('button', { name: 'Connect Discord' })).toBeNull()
    expect(card('Commercial Plus').queryByRole('button', { name: 'License Key' })).toBeNull()
  })
})
