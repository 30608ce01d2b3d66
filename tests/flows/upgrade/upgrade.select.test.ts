import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { PaymentCard } from '@/common/contract'
import { upgradeMachine } from '@/machines/upgrade.machine'
import { selectUpgrade } from '@/src/features/upgrade/upgrade.select'
import { settle } from '@/testkit/settle'

/** Spec section 4: what each step of the upgrade wizard shows. */
const commercial = { priceId: 'commercial', name: 'Commercial', price: 29900 } as const
const commercialPlus = { priceId: 'commercial-plus', name: 'Commercial Plus', price: 49900 } as const
const preview = { amountDue: 12345, annualTotal: 149700, renewsOn: '2027-03-05' }

/** The wizard of a Community owner with a card on file, at the confirm step. */
async function atConfirm(card: PaymentCard | null, seats = 3) {
  const machine = upgradeMachine.provide({
    actors: {
      loadPaymentMethod: fromPromise(async (): Promise<{ hasPaymentMethod: boolean; card: PaymentCard | null }> => ({ hasPaymentMethod: true, card })),
      loadUpgradePreview: fromPromise(async () => preview),
    },
  })
  const actor = createActor(machine, { input: { currentPriceId: 'community', targets: [commercial, commercialPlus], seats } }).start()
  actor.send({ type: 'plan.select', priceId: 'commercial-plus' })
  actor.send({ type: 'wizard.continue' })
  await settle()
  await settle()
  return actor
}

describe('the upgrade wizard', () => {
  it('starts on select with the first plan, its price per seat and the total for the seats purchased', () => {
    const actor = createActor(upgradeMachine, { input: { currentPriceId: 'community', targets: [commercial, commercialPlus], seats: 2 } }).start()
    expect(selectUpgrade(actor.getSnapshot())).toMatchObject({
      step: 'select',
      planName: 'Commercial',
      pricePerSeat: '$299.00',
      total: '$598.00',
      seatLimits: { min: 1, max: 500 },
      canContinue: true,
      canBack: false,
      preview: null,
      card: null,
    })
  })

  it('shows no plan and no price when there is no plan to go to [S4.upgrade.paths]', () => {
    const actor = createActor(upgradeMachine, { input: { currentPriceId: 'commercial-plus', targets: [], seats: 2 } }).start()
    expect(selectUpgrade(actor.getSnapshot())).toMatchObject({ planName: '', pricePerSeat: '', total: '', canContinue: false })
  })

  it('confirms the chosen plan, the card that will be charged and what is due today and every year', async () => {
    const actor = await atConfirm({ brand: 'visa', last4: '4242' })
    expect(selectUpgrade(actor.getSnapshot())).toMatchObject({
      step: 'confirm',
      planName: 'Commercial Plus',
      total: '$1,497.00',
      card: 'Visa ending in 4242',
      preview: { dueToday: '$123.45', annualTotal: '$1,497.00', renewsOn: 'March 5, 2027' },
      canConfirm: true,
      canBack: true,
      loadingPreview: false,
    })
  })

  it.each([
    ['mastercard', 'Mastercard ending in 4444'],
    ['amex', 'American Express ending in 4444'],
    ['discover', 'Discover ending in 4444'],
    ['jcb', 'jcb ending in 4444'],
  ])('names a %s card as %s', async (brand, text) => {
    const actor = await atConfirm({ brand, last4: '4444' })
    expect(selectUpgrade(actor.getSnapshot()).card).toBe(text)
  })
})
