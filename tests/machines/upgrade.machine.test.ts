import { describe, expect, it } from 'vitest'
import { createActor, type EventFromLogic, type SnapshotFrom } from 'xstate'
import { upgradeMachine, unknownUpgradeError } from '../../machines/upgrade.machine'
import { selectUpgrade } from '../../src/features/upgrade/upgrade.select'
import { describePath, planPaths } from '../model/paths'
import { idleActors, replayPath } from '../model/run'
import { communityUpgrade, upgradeModel, visa } from './upgrade.model'

const plan = planPaths(upgradeModel)

function expectations(snapshot: SnapshotFrom<typeof upgradeMachine>) {
  const view = selectUpgrade(snapshot)
  expect(view.seats).toBeGreaterThanOrEqual(1)
  expect(view.seats).toBeLessThanOrEqual(500)
  expect(['commercial', 'commercial-plus']).toContain(view.priceId)
  if (view.step === 'confirm') expect(view.total).toMatch(/^\$[\d,]+\.\d\d$/)
  if (view.step === 'failure') expect(view.error).toMatch(/\w/)
  if (view.step === 'success') expect(view.error).toBeNull()
}

/** Drives the machine through the events (actors' outcomes included) and returns where it rests. */
function endOf(...events: EventFromLogic<typeof upgradeMachine>[]) {
  const actor = createActor(upgradeMachine.provide({ actors: idleActors(upgradeModel.actors) } as never), { input: communityUpgrade }).start()
  events.forEach((event) => actor.send(event))
  return actor.getSnapshot()
}
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as never

describe('upgrade machine: generated paths', () => {
  it('reaches every state and transition', () => {
    expect(plan.coverage.states.missing).toEqual([])
    expect(plan.coverage.transitions.missing).toEqual([])
  })
  it('goes Back from confirm to payment only when the payment form was used', () => {
    const onFile = done('loadPaymentMethod', { hasPaymentMethod: true, card: visa })
    expect(endOf({ type: 'wizard.continue' }, onFile, { type: 'wizard.back' }).value).toBe('select')
    const none = done('loadPaymentMethod', { hasPaymentMethod: false, card: null })
    const saved = done('setUpPayment', { status: 'saved', card: visa })
    const viaForm = endOf({ type: 'wizard.continue' }, none, done('createSetupIntent', { clientSecret: 's' }), { type: 'payment.submit', form: null }, saved)
    expect(selectUpgrade(viaForm).card).toBe('Visa ending in 4242')
    expect(endOf({ type: 'wizard.continue' }, none, done('createSetupIntent', { clientSecret: 's' }), { type: 'payment.submit', form: null }, saved, { type: 'wizard.back' }).value).toEqual({ payment: 'preparing' })
    expect(endOf({ type: 'wizard.continue' }, none, done('createSetupIntent', { clientSecret: 's' }), { type: 'payment.submit', form: null }, done('setUpPayment', { status: 'invalid' })).value).toEqual({ payment: 'editing' })
  })
  it('says the unknown error when the upgrade fails without a message', () => {
    const failed = endOf({ type: 'wizard.continue' }, done('loadPaymentMethod', { hasPaymentMethod: true, card: visa }), { type: 'upgrade.confirm' }, { type: 'xstate.error.actor.upgradeSubscription', error: {} } as never)
    expect(failed.value).toBe('failure')
    expect(failed.context.error).toBe(unknownUpgradeError)
  })
  for (const path of plan.paths) {
    it(`replays ${describePath(path.steps)}`, () => replayPath(upgradeMachine, path, { actors: upgradeModel.actors, serialize: plan.serialize, expectations }))
  }
})
