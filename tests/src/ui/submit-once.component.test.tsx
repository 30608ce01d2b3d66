// @vitest-environment happy-dom
import type { ReactNode } from 'react'
import { act, fireEvent, screen, within } from '@testing-library/react'
import { createRoute } from '@tanstack/react-router'
import { describe, expect, it, vi } from 'vitest'
import { upgradeMachine } from '@/machines/upgrade.machine'
import { signedInAuth } from '@/tests/support/signed-in-auth'
import { AccountArea } from '@/src/features/account-shell/components/AccountArea'
import { MyLicensesPage } from '@/src/features/my-licenses/components/MyLicensesPage'
import { ManageLicensesPage } from '@/src/features/manage-licenses/components/ManageLicensesPage'
import { ProfilePage } from '@/src/features/profile/components/ProfilePage'
import { PurchasePage } from '@/src/features/purchase/components/PurchasePage'
import { UpgradeWizard } from '@/src/features/upgrade/components/UpgradeWizard'
import { upgradeActors } from '@/src/features/upgrade/upgrade.actors'
import { communityStats, fullStats, ownSeat } from '@/testkit/flows/manage-licenses/manage-licenses.model'
import { plusLicense } from '@/testkit/flows/my-licenses/my-licenses.model'
import { communityProduct } from '@/testkit/flows/purchase/purchase.model'
import { account } from '@/testkit/flows/session/session.model'
import { personalOrganisation } from '@/testkit/organisations'
import { fetchApi } from '@/tests/support/fetch-api'
import { renderAccountPage } from '@/tests/support/pending-api'
import { renderWithRouter } from '@/tests/support/render'

// Every submitting button, pressed three times before the page can redraw (and its form sent three
// times with Enter): one request each. The API is the real client over a fetch that holds requests.

vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => children,
  PaymentElement: () => <input aria-label="Card number" />,
  useStripe: () => ({ confirmSetup: async () => ({ setupIntent: { payment_method: 'pm_card_visa' } }) }),
  useElements: () => ({}),
}))
vi.mock('@/src/payments/stripe', () => ({ loadPaymentProvider: () => Promise.resolve(null) }))

/** Three clicks in one go: React draws the page again only after the last. */
const pressThrice = (element: HTMLElement) => act(() => [1, 2, 3].forEach(() => element.click()))
const submitThrice = (element: HTMLElement) => act(() => [1, 2, 3].forEach(() => element.closest('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }))))
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)))

function renderManageLicenses(held: ReturnType<typeof fetchApi>) {
  const upgradeLogic = upgradeMachine.provide({ actors: upgradeActors(held.api, () => 'https://localhost/account/licenses') })
  renderAccountPage(() => <ManageLicensesPage checkoutReturned={false} upgradeLogic={upgradeLogic} renderUpgrade={(upgrade) => <UpgradeWizard upgrade={upgrade} />} goToCheckout={() => {}} />, {
    api: held.api,
    account,
  })
}

/** A form's action pressed three times, and its form sent three times with Enter. */
const bothWays = [
  ['clicked', pressThrice],
  ['sent with Enter', submitThrice],
] as const

async function openManageLicenses(stats: unknown, assigned: unknown[] = [ownSeat]) {
  const held = fetchApi()
  renderManageLicenses(held)
  await held.answer('GET /api/account/stats/', stats)
  await held.answer('GET /api/licenses/assigned', assigned)
  return held
}

const freeSeats = { ...fullStats, purchased: 3, available: 1 }
const dialog = (name: string) => screen.getByRole('dialog', { name })

describe('a submitting button pressed three times sends one request', () => {
  it.each(bothWays)('Assign (%s)', async (_, press) => {
    const held = await openManageLicenses(freeSeats)
    fireEvent.click(await screen.findByRole('button', { name: 'Assign License' }))
    const form = dialog('Assign License')
    fireEvent.change(within(form).getByLabelText(/First name/), { target: { value: 'Ada' } })
    fireEvent.change(within(form).getByLabelText(/Last name/), { target: { value: 'Lovelace' } })
    fireEvent.change(within(form).getByLabelText(/Email/), { target: { value: 'ada@example.com' } })
    await press(within(form).getByRole('button', { name: 'Assign' }))
    await settle()
    expect(held.count('assign')).toBe(1)
  })

  it('Assign several', async () => {
    const held = await openManageLicenses(freeSeats)
    fireEvent.click(await screen.findByRole('button', { name: 'Assign License' }))
    fireEvent.click(within(dialog('Assign License')).getByRole('button', { name: 'Assign several' }))
    fireEvent.change(screen.getByLabelText(/Assignees/), { target: { value: 'Ada, Lovelace, ada@example.com' } })
    await pressThrice(screen.getByRole('button', { name: 'Assign 1 license' }))
    await settle()
    expect(held.count('assign')).toBe(1)
  })

  // A dialog opened by a button of the page (name, stats, button, dialog), whose action sends the call.
  it.each([
    ['Unassign (the confirmation)', freeSeats, `Unassign ${ownSeat.firstName} ${ownSeat.lastName}`, 'Unassign License', 'Unassign', 'unassign'],
    ['Buy Additional Licenses: Continue to checkout', fullStats, 'Buy Additional Licenses', 'Buy Additional Licenses', 'Continue to checkout', 'createCheckoutSession'],
  ] as const)('%s', async (_, stats, opens, name, action, call) => {
    const held = await openManageLicenses(stats)
    fireEvent.click(await screen.findByRole('button', { name: opens }))
    await pressThrice(within(dialog(name)).getByRole('button', { name: action }))
    await settle()
    expect(held.count(call)).toBe(1)
  })

  it('the upgrade wizard: Continue, Save payment method, Confirm', async () => {
    const held = await openManageLicenses(communityStats)
    fireEvent.click(await screen.findByRole('button', { name: 'Upgrade' }))
    const wizard = () => dialog('Upgrade Subscription')
    await pressThrice(within(wizard()).getByRole('button', { name: 'Continue' }))
    await held.answer('GET /api/stripe/has-default-payment-method', { hasPaymentMethod: false, card: null })
    await held.answer('GET /api/stripe/create-setup-intent', { clientSecret: 'seti_secret' })
    await submitThrice(await within(wizard()).findByRole('button', { name: 'Save payment method' }))
    await held.answer('POST /api/stripe/save-default-payment-method', { paymentMethodId: 'pm_1', card: { brand: 'visa', last4: '4242' } })
    await held.answer('GET /api/stripe/upgrade-preview', { amountDue: 20000, annualTotal: 49900, renewsOn: '2027-09-19T00:00:00.000Z' })
    await pressThrice(await within(wizard()).findByRole('button', { name: 'Confirm' }))
    await settle()
    expect((['hasDefaultPaymentMethod', 'createSetupIntent', 'saveDefaultPaymentMethod', 'upgrade'] as const).map(held.count)).toEqual([1, 1, 1, 1])
  })

  it.each(bothWays)('Update Profile (%s)', async (_, press) => {
    const held = fetchApi()
    renderAccountPage(() => <ProfilePage />, { api: held.api, account })
    await held.answer('GET /api/account/', account)
    fireEvent.change(await screen.findByLabelText('Company'), { target: { value: 'Fabrikam' } })
    await press(screen.getByRole('button', { name: 'Update Profile' }))
    await settle()
    expect(held.count('updateAccount')).toBe(1)
  })

  it.each(bothWays)('Join Prism Discord (%s)', async (_, press) => {
    const held = fetchApi()
    renderAccountPage(() => <MyLicensesPage />, { api: held.api, account })
    await held.answer('GET /api/licenses', [plusLicense])
    fireEvent.click(await screen.findByRole('button', { name: 'Connect Discord' }))
    fireEvent.change(within(dialog('Connect Discord')).getByLabelText('Discord username'), { target: { value: 'paula.plus' } })
    await press(within(dialog('Connect Discord')).getByRole('button', { name: 'Join Prism Discord' }))
    await settle()
    expect(held.count('connectDiscord')).toBe(1)
  })

  it('the purchase page’s action button (checkout)', async () => {
    const held = fetchApi()
    renderAccountPage(() => <PurchasePage priceId="community" />, { api: held.api, account: { ...account, allowedPriceId: null } })
    await held.answer('GET /api/products/community', communityProduct)
    await pressThrice(await screen.findByRole('button', { name: communityProduct.actionText }))
    await settle()
    expect(held.count('createCheckoutSession')).toBe(1)
  })

  it('the purchase page’s Pay by invoice (one order, one subscription)', async () => {
    const held = fetchApi()
    const commercial = { ...communityProduct, name: 'Commercial', priceId: 'commercial' as const, price: 29_900, actionText: 'Buy Commercial', seatsAvailable: null }
    renderAccountPage(() => <PurchasePage priceId="commercial" />, { api: held.api, account: { ...account, allowedPriceId: null } })
    await held.answer('GET /api/products/commercial', commercial)
    fireEvent.click(await screen.findByRole('button', { name: 'Pay by bank transfer (invoice)' }))
    const form = dialog('Pay by bank transfer (invoice)')
    for (const [label, value] of Object.entries({ 'Legal name': 'Northwind Traders Inc.', Address: '1 Harbor Way', City: 'Seattle' }))
      fireEvent.change(within(form).getByRole('textbox', { name: label }), { target: { value } })
    fireEvent.change(within(form).getByRole('combobox', { name: 'Country' }), { target: { value: 'US' } })
    await pressThrice(within(form).getByRole('button', { name: 'Pay by invoice' }))
    await settle()
    expect(held.count('payByInvoice')).toBe(1)
  })

  it('Billing in the sidebar', async () => {
    const held = fetchApi()
    const auth = signedInAuth(account)
    renderWithRouter(
      (root) => [
        createRoute({
          getParentRoute: () => root,
          path: '/account',
          component: () => (
            <AccountArea auth={auth} api={held.api}>
              {<p>The page</p>}
            </AccountArea>
          ),
        }),
      ],
      '/account',
    )
    await held.answer('POST /api/auth/login', account)
    await held.answer('GET /api/organisation', personalOrganisation)
    await pressThrice(await screen.findByRole('button', { name: /^Billing/ }))
    await settle()
    expect(held.count('createPortalSession')).toBe(1)
  })
})
