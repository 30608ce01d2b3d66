import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { PaymentCard, UpgradePreview } from '@/common/contract'
import type { PriceId } from '@/common/plans'
import { upgradeMachine, type PaymentSetupResult } from '@/machines/upgrade.machine'
import { settle } from '@/testkit/settle'

/**
 * Spec section 4, the upgrade wizard, told through what it sends: the card set up with the secret
 * of the SetupIntent made for it, the preview and the upgrade asked for the plan and seats chosen,
 * and Refresh Page reloading the page.
 */
const card = { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 } as PaymentCard
const preview = { amountDue: 20000 } as unknown as UpgradePreview
const form = { elements: 'the form the view holds' }

function wizard(options: { cardOnFile: boolean; upgradeFails?: boolean }) {
  const sent = { setUp: [] as unknown[], previews: [] as unknown[], upgrades: [] as unknown[], reloads: 0 }
  const machine = upgradeMachine.provide({
    actors: {
      loadPaymentMethod: fromPromise(async () => ({ hasPaymentMethod: options.cardOnFile, card: options.cardOnFile ? card : null })),
      createSetupIntent: fromPromise(async () => ({ clientSecret: 'seti_1_secret_2' })),
      setUpPayment: fromPromise(async ({ input }: { input: { clientSecret: string; form: unknown } }): Promise<PaymentSetupResult> => (sent.setUp.push(input), { status: 'saved', card })),
      loadUpgradePreview: fromPromise(async ({ input }: { input: { priceId: PriceId; quantity: number } }) => (sent.previews.push(input), preview)),
      upgradeSubscription: fromPromise(async ({ input }: { input: { priceId: PriceId; quantity: number } }): Promise<void> => {
        sent.upgrades.push(input)
        if (options.upgradeFails) throw new Error('Your card was declined.')
      }),
    },
    actions: { reloadPage: () => void sent.reloads++ },
  })
  const targets = [
    { priceId: 'commercial' as const, name: 'Commercial', price: 29900 },
    { priceId: 'commercial-plus' as const, name: 'Commercial Plus', price: 49900 },
  ]
  const actor = createActor(machine, { input: { currentPriceId: 'community', targets, seats: 3 } }).start()
  return { actor, sent }
}

describe('the upgrade wizard', () => {
  it('sets up a card with the secret of the SetupIntent made for it, and the form the user filled in', async () => {
    const { actor, sent } = wizard({ cardOnFile: false })
    actor.send({ type: 'wizard.continue' })
    await settle()
    actor.send({ type: 'payment.submit', form })
    await settle()
    expect(sent.setUp).toEqual([{ clientSecret: 'seti_1_secret_2', form }])
    expect(actor.getSnapshot().context.card).toEqual(card)
  })

  it('asks the preview and the upgrade for the plan and the seats chosen, and Refresh Page reloads once it succeeded [S4.upgrade.success]', async () => {
    const { actor, sent } = wizard({ cardOnFile: true })
    actor.send({ type: 'plan.select', priceId: 'commercial-plus' })
    actor.send({ type: 'seats.change', seats: 7 })
    actor.send({ type: 'wizard.continue' })
    await settle()
    actor.send({ type: 'upgrade.confirm' })
    await settle()
    actor.send({ type: 'page.refresh' })
    expect(sent).toEqual({ setUp: [], previews: [{ priceId: 'commercial-plus', quantity: 7 }], upgrades: [{ priceId: 'commercial-plus', quantity: 7 }], reloads: 1 })
    expect(actor.getSnapshot().value).toBe('success')
  })

  it('reloads the page on Refresh Page after a failed upgrade too [S4.upgrade.failure]', async () => {
    const { actor, sent } = wizard({ cardOnFile: true, upgradeFails: true })
    actor.send({ type: 'wizard.continue' })
    await settle()
    actor.send({ type: 'upgrade.confirm' })
    await settle()
    actor.send({ type: 'page.refresh' })
    expect({ state: actor.getSnapshot().value, error: actor.getSnapshot().context.error, reloads: sent.reloads }).toEqual({ state: 'failure', error: 'Your card was declined.', reloads: 1 })
  })
})
