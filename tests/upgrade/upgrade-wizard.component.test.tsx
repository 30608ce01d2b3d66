// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { useActorRef } from '@xstate/react'
import { describe, expect, it, vi } from 'vitest'
import { fromPromise, type SnapshotFrom } from 'xstate'
import { upgradeMachine } from '../../machines/upgrade.machine'
import { UpgradeWizard } from '../../src/features/upgrade/components/UpgradeWizard'
import { selectUpgrade } from '../../src/features/upgrade/upgrade.select'
import { communityUpgrade, upgradeModel } from '../machines/upgrade.model'
import { pendingCalls } from '../model/deferred'
import { inspectAt } from '../model/recorder'
import { coveringPaths, describePath, planPaths } from '../model/paths'
import { renderPage } from '../render'

// Stripe's Payment Element cannot run here: a stand-in form with the provider's hooks.
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: React.ReactNode }) => children,
  PaymentElement: () => <input aria-label="Card number" />,
  useStripe: () => ({ fake: 'stripe' }),
  useElements: () => ({ fake: 'elements' }),
}))
vi.mock('../../src/payments/stripe', () => ({ loadPaymentProvider: () => Promise.resolve(null) }))

type Snapshot = SnapshotFrom<typeof upgradeMachine>

function renderWizard() {
  const calls = pendingCalls()
  const reloadPage = vi.fn()
  const onClose = vi.fn()
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
    const upgrade = useActorRef(logic, { input: communityUpgrade, inspect: inspectAt('component') })
    return <UpgradeWizard upgrade={upgrade} onClose={onClose} />
  }
  renderPage(Harness)
  return { calls, reloadPage, onClose }
}

const wizard = () => screen.getByRole('dialog', { name: 'Upgrade Subscription' })
const button = (name: string) => within(wizard()).getByRole('button', { name })

function perform(event: { type: string } & Record<string, unknown>) {
  switch (event.type) {
    case 'plan.select':
      return fireEvent.click(within(wizard()).getByRole('radio', { name: new RegExp(`^${event.priceId === 'commercial-plus' ? 'Commercial Plus' : 'Community'} —`) }))
    case 'seats.change':
      return fireEvent.change(within(wizard()).getByLabelText(/^Licenses/), { target: { value: String(event.seats) } })
    case 'wizard.continue':
      return fireEvent.click(button('Continue'))
    case 'wizard.back':
      return fireEvent.click(button('Back'))
    case 'payment.submit':
      return fireEvent.click(button('Save payment method'))
    case 'upgrade.confirm':
      return fireEvent.click(button('Confirm'))
    case 'upgrade.retry':
      return fireEvent.click(button('Try Again'))
    case 'page.refresh':
      return fireEvent.click(button('Refresh Page'))
  }
  throw new Error(`No user action for ${event.type}`)
}

async function expectState(state: Snapshot, reloadPage: ReturnType<typeof vi.fn>, refreshes: number) {
  const view = selectUpgrade(state)
  await screen.findByRole('dialog', { name: 'Upgrade Subscription' })
  if (state.matches('select')) {
    expect(within(wizard()).getByRole('radio', { name: new RegExp(`^${view.planName} —`) })).toHaveProperty('checked', true)
    expect(within(wizard()).getByText(/Total:/).textContent).toContain(view.total)
  }
  if (state.matches({ payment: 'editing' })) {
    await within(wizard()).findByLabelText('Card number')
    expect(button('Back').hasAttribute('disabled')).toBe(false)
  }
  if (state.matches({ payment: 'submitting' })) {
    // Back waits for the provider's answer: the machine has no Back from here.
    expect(button('Save payment method').hasAttribute('data-loading')).toBe(true)
    expect(button('Back').hasAttribute('disabled')).toBe(true)
  }
  if (state.matches('loadingPreview')) {
    expect(within(wizard()).getByRole('table', { name: 'Your upgrade' }).textContent).toContain(view.planName)
    expect(within(wizard()).getByRole('status').textContent).toBe('Loading the amount due today…')
    expect(within(wizard()).queryByText(/^Due today:/)).toBeNull()
    expect(button('Confirm').hasAttribute('disabled')).toBe(true)
    expect(button('Back').hasAttribute('disabled')).toBe(true)
  }
  if (state.matches('confirm')) {
    const summary = within(wizard()).getByRole('table', { name: 'Your upgrade' })
    expect(summary.textContent).toContain(view.planName)
    expect(summary.textContent).toContain(view.total)
    expect(summary.textContent).toContain(view.card ?? 'Your default payment method')
    // The model's preview: 83014 cents today, 249500 a year from 2027-09-19.
    expect(within(wizard()).getByText('Due today: $830.14')).toBeTruthy()
    expect(within(wizard()).getByText('Then $2,495.00 per year from September 19, 2027')).toBeTruthy()
    expect(button('Confirm').hasAttribute('disabled')).toBe(false)
  }
  if (state.matches('upgrading')) expect(button('Confirm').hasAttribute('data-loading')).toBe(true)
  if (state.matches('success')) {
    expect(within(wizard()).getByRole('heading', { name: 'Upgrade Successful!' })).toBeTruthy()
    expect(button('Refresh Page')).toBeTruthy()
  }
  if (state.matches('failure')) {
    expect(within(wizard()).getByRole('alert').textContent).toContain(state.context.error)
    expect(button('Try Again')).toBeTruthy()
  }
  await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(refreshes))
}

describe('the upgrade wizard (component paths of the upgrade machine, fake actors)', () => {
  const { paths } = planPaths(upgradeModel)
  for (const path of coveringPaths(upgradeModel.machine, paths)) {
    it(`shows ${describePath(path.steps)}`, async () => {
      const { calls, reloadPage } = renderWizard()
      let refreshes = 0
      for (const step of path.steps) {
        const event = step.event as { type: string } & Record<string, unknown>
        if (event.type === 'page.refresh') refreshes++
        if (event.type !== 'xstate.init') {
          await act(async () => {
            if (!calls.settle(event)) perform(event)
          })
        }
        await expectState(step.state as Snapshot, reloadPage, refreshes)
      }
    })
  }

  it('closes from any step through the dialog’s close button', async () => {
    const { onClose } = renderWizard()
    fireEvent.click(await within(await screen.findByRole('dialog', { name: 'Upgrade Subscription' })).findByRole('button', { name: 'Close' }))
    expect(onClose).toHaveBeenCalled()
  })
})
