// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { useActorRef } from '@xstate/react'
import { describe, expect, it, vi } from 'vitest'
import { fromPromise } from 'xstate'
import { upgradeMachine } from '@/machines/upgrade.machine'
import { UpgradeWizard } from '@/src/features/upgrade/components/UpgradeWizard'
import { communityOfThree, upgradeModel } from '@/testkit/flows/upgrade/upgrade.model'
import { pendingApi, settleActorEvent } from '@/tests/support/pending-api'
import { pressing } from '@/tests/support/pressing'
import { walkPaths } from '@/tests/support/run-paths'
import { inspectComponent } from '@/tests/support/running-actors'
import { coveringPaths, planPaths } from '@/testkit/model/paths'
import { renderPage } from '@/tests/support/render'
import { upgradeViewTable } from '@/testkit/flows/upgrade/upgrade.view-table'
import { reloadsPage, upgradeOracle } from '@/testkit/flows/upgrade/upgrade.oracle'
import { effectsAlong } from '@/testkit/model/oracle'

// Stripe's Payment Element cannot run here: a stand-in form with the provider's hooks.
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: React.ReactNode }) => children,
  PaymentElement: () => <input aria-label="Card number" />,
  useStripe: () => ({ fake: 'stripe' }),
  useElements: () => ({ fake: 'elements' }),
}))
vi.mock('@/src/payments/stripe', () => ({ loadPaymentProvider: () => Promise.resolve(null) }))

function renderWizard() {
  const calls = pendingApi()
  const reloadPage = vi.fn()
  const logic = upgradeMachine.provide({
    actors: {
      loadPaymentMethod: fromPromise(() => calls.call('loadPaymentMethod')),
      createSetupIntent: fromPromise(() => calls.call('createSetupIntent')),
      setUpPayment: fromPromise(({ input }: { input: { form: unknown } }) => {
        expect(input.form).toEqual({ stripe: { fake: 'stripe' }, elements: { fake: 'elements' } })
        return calls.call('setUpPayment')
      }),
      loadUpgradePreview: fromPromise(({ input }: { input: unknown }) => {
        expect(input).toEqual({ priceId: expect.stringMatching(/^commercial/), quantity: expect.any(Number) })
        return calls.call('loadUpgradePreview')
      }),
      upgradeSubscription: fromPromise(({ input }: { input: unknown }) => {
        expect(input).toEqual({ priceId: expect.stringMatching(/^commercial/), quantity: expect.any(Number) })
        return calls.call('upgradeSubscription')
      }),
    } as never,
    actions: { reloadPage },
  })
  function Harness() {
    const upgrade = useActorRef(logic, { input: communityOfThree, inspect: inspectComponent })
    return <UpgradeWizard upgrade={upgrade} />
  }
  renderPage(Harness)
  return { calls, reloadPage }
}

const wizard = () => screen.getByRole('dialog', { name: 'Upgrade Subscription' })

const perform = pressing(
  {
    'wizard.continue': 'Continue',
    'wizard.back': 'Back',
    'payment.submit': 'Save payment method',
    'upgrade.confirm': 'Confirm',
    'upgrade.retry': 'Try Again',
    'page.refresh': 'Refresh Page',
    'wizard.close': 'Close',
  },
  {
    'plan.select': (event) => fireEvent.click(within(wizard()).getByRole('radio', { name: new RegExp(`^${event.priceId === 'commercial-plus' ? 'Commercial Plus' : 'Community'} —`) })),
    'seats.change': (event) => fireEvent.change(within(wizard()).getByLabelText(/^Licenses/), { target: { value: String(event.seats) } }),
  },
  { scope: wizard },
)

describe('the upgrade wizard (component paths of the upgrade machine, fake actors)', () => {
  const { paths } = planPaths(upgradeModel)
  walkPaths(coveringPaths(upgradeModel.machine, paths), {
    table: upgradeViewTable,
    oracle: upgradeOracle,
    refuse: upgradeModel.events,
    start: renderWizard,
    step: async (event, { calls }) => {
      if (event.type === 'xstate.init' || (await settleActorEvent(calls, {}, event))) return
      await act(async () => perform(event))
    },
    // 'Refresh Page' reloads the page, once a press where the oracle says it does (success, failure); elsewhere it is refused.
    check: ({ reloadPage }, sent) => expect(reloadPage).toHaveBeenCalledTimes(effectsAlong(upgradeOracle, communityOfThree, sent).filter((effect) => effect === reloadsPage).length),
  })

  it('shows the loader, not the last payment form, while a payment form is prepared again after Back', async () => {
    const { calls } = renderWizard()
    const press = async (name: string) => act(async () => fireEvent.click(await within(await screen.findByRole('dialog', { name: 'Upgrade Subscription' })).findByRole('button', { name })))
    const noCard = { output: { hasPaymentMethod: false, card: null } }
    await press('Continue')
    await calls.settle('loadPaymentMethod', noCard)
    await calls.settle('createSetupIntent', { output: { clientSecret: 'seti_1_secret_2' } })
    expect(await within(wizard()).findByRole('button', { name: 'Save payment method' })).toBeTruthy()
    await press('Back')
    await press('Continue')
    await calls.settle('loadPaymentMethod', noCard)
    // The setup intent is asked for anew: the one before may have been used.
    expect(await within(wizard()).findByLabelText('Loading the payment form')).toBeTruthy()
    expect(within(wizard()).queryByRole('button', { name: 'Save payment method' })).toBeNull()
  })

  it('closes from any step through the dialog’s close button', async () => {
    renderWizard()
    fireEvent.click(await within(await screen.findByRole('dialog', { name: 'Upgrade Subscription' })).findByRole('button', { name: 'Close' }))
    // The wizard ends, and with it the dialog.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upgrade Subscription' })).toBeNull())
  })
})
