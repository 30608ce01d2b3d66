import { describe, expect, it } from 'vitest'
import { createActor, type EventFromLogic } from 'xstate'
import { upgradeMachine } from '@/machines/upgrade.machine'
import { selectUpgrade } from '@/src/features/upgrade/upgrade.select'
import { idleActors } from '@/tests/support/run-paths'
import { communityOfThree, preview, upgradeModel, visa } from '@/testkit/flows/upgrade/upgrade.model'

/** Drives the machine through the events (actors' outcomes included) and returns where it rests. */
function endOf(...events: EventFromLogic<typeof upgradeMachine>[]) {
  const actor = createActor(upgradeMachine.provide({ actors: idleActors(upgradeModel.actors) } as never), { input: communityOfThree }).start()
  events.forEach((event) => actor.send(event))
  return actor.getSnapshot()
}
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as never
const failed = (id: string, message: string) => ({ type: `xstate.error.actor.${id}`, error: new Error(message) }) as never
const previewed = done('loadUpgradePreview', preview)

describe('upgrade machine: the wizard', () => {
  it('starts at the licenses purchased (spec section 9), on the first plan the current one may move to [S9.upgrade-default-seats]', () => {
    expect(endOf().context).toMatchObject({ priceId: 'commercial', seats: 3 })
  })
  it('goes Back from confirm to payment only when the payment form was used [S4.upgrade.back]', () => {
    const onFile = done('loadPaymentMethod', { hasPaymentMethod: true, card: visa })
    expect(endOf({ type: 'wizard.continue' }, onFile, previewed, { type: 'wizard.back' }).value).toBe('select')
    const none = done('loadPaymentMethod', { hasPaymentMethod: false, card: null })
    const saved = done('setUpPayment', { status: 'saved', card: visa })
    const viaForm = endOf({ type: 'wizard.continue' }, none, done('createSetupIntent', { clientSecret: 's' }), { type: 'payment.submit', form: null }, saved)
    expect(selectUpgrade(viaForm).card).toBe('Visa ending in 4242')
    expect(endOf({ type: 'wizard.continue' }, none, done('createSetupIntent', { clientSecret: 's' }), { type: 'payment.submit', form: null }, saved, previewed, { type: 'wizard.back' }).value).toEqual(
      { payment: 'preparing' },
    )
    expect(
      endOf({ type: 'wizard.continue' }, none, done('createSetupIntent', { clientSecret: 's' }), { type: 'payment.submit', form: null }, done('setUpPayment', { status: 'invalid' })).value,
    ).toEqual({ payment: 'editing' })
  })
  it('offers Back from the payment step until the card is submitted, then waits for the answer [S4.upgrade.back]', () => {
    const none = done('loadPaymentMethod', { hasPaymentMethod: false, card: null })
    const prepared = done('createSetupIntent', { clientSecret: 's' })
    expect(endOf({ type: 'wizard.continue' }, none, { type: 'wizard.back' }).value).toBe('select')
    expect(endOf({ type: 'wizard.continue' }, none, prepared, { type: 'wizard.back' }).value).toBe('select')
    const submitting = endOf({ type: 'wizard.continue' }, none, prepared, { type: 'payment.submit', form: null }, { type: 'wizard.back' })
    expect(submitting.value).toEqual({ payment: 'submitting' })
    expect(selectUpgrade(submitting).canBack).toBe(false)
  })
  it('says the unknown error when the upgrade fails without a message [S8.upgrade.unknown]', () => {
    const end = endOf({ type: 'wizard.continue' }, done('loadPaymentMethod', { hasPaymentMethod: true, card: visa }), previewed, { type: 'upgrade.confirm' }, {
      type: 'xstate.error.actor.upgradeSubscription',
      error: {},
    } as never)
    expect(end.value).toBe('failure')
    expect(end.context.error).toBe('An unknown error occurred during the upgrade process.')
  })
  it('loads what is due today before confirm, for the chosen plan and seats, from either way in [S4.upgrade.steps]', () => {
    const onFile = done('loadPaymentMethod', { hasPaymentMethod: true, card: visa })
    const loading = endOf({ type: 'plan.select', priceId: 'commercial-plus' }, { type: 'seats.change', seats: 3 }, { type: 'wizard.continue' }, onFile)
    expect(loading.value).toBe('loadingPreview')
    expect(selectUpgrade(loading)).toMatchObject({ step: 'confirm', loadingPreview: true, preview: null, canConfirm: false, canBack: false })
    expect(loading.children.loadUpgradePreview?.getSnapshot().input).toEqual({ priceId: 'commercial-plus', quantity: 3 })
    const none = done('loadPaymentMethod', { hasPaymentMethod: false, card: null })
    const viaForm = endOf(
      { type: 'wizard.continue' },
      none,
      done('createSetupIntent', { clientSecret: 's' }),
      { type: 'payment.submit', form: null },
      done('setUpPayment', { status: 'saved', card: visa }),
    )
    expect(viaForm.value).toBe('loadingPreview')
    expect(selectUpgrade(endOf({ type: 'wizard.continue' }, onFile, previewed)).preview).toEqual({ dueToday: '$830.14', annualTotal: '$2,495.00', renewsOn: 'September 19, 2027' })
  })
  it('shows a failed preview on the failure step; Try Again loads it again, and after a failed upgrade goes straight to confirm [S4.upgrade.failure]', () => {
    const onFile = done('loadPaymentMethod', { hasPaymentMethod: true, card: visa })
    const down = "We're experiencing technical difficulties. Please try again later or contact support if the problem persists."
    const previewFailed = endOf({ type: 'wizard.continue' }, onFile, failed('loadUpgradePreview', down))
    expect(previewFailed.value).toBe('failure')
    expect(previewFailed.context.error).toBe(down)
    expect(endOf({ type: 'wizard.continue' }, onFile, failed('loadUpgradePreview', down), { type: 'upgrade.retry' }).value).toBe('loadingPreview')
    expect(endOf({ type: 'wizard.continue' }, onFile, { type: 'xstate.error.actor.loadUpgradePreview', error: {} } as never).context.error).toBe(
      'An unknown error occurred during the upgrade process.',
    )
    expect(endOf({ type: 'wizard.continue' }, onFile, previewed, { type: 'upgrade.confirm' }, failed('upgradeSubscription', 'Your card was declined.'), { type: 'upgrade.retry' }).value).toBe(
      'confirm',
    )
  })
  it('forgets the preview when the choice may change: Back to select, then Continue', () => {
    const onFile = done('loadPaymentMethod', { hasPaymentMethod: true, card: visa })
    const none = done('loadPaymentMethod', { hasPaymentMethod: false, card: null })
    // No card this time, and the payment form fails: Try Again must not confirm the old choice's amounts.
    const end = endOf(
      { type: 'wizard.continue' },
      onFile,
      previewed,
      { type: 'wizard.back' },
      { type: 'seats.change', seats: 7 },
      { type: 'wizard.continue' },
      none,
      failed('createSetupIntent', 'x'),
      { type: 'upgrade.retry' },
    )
    expect(end.value).toBe('loadingPreview')
    expect(end.context.preview).toBeNull()
  })
})
