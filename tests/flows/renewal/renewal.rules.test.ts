import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import type { Renewal } from '@/common/billing-contract'
import { renewalMachine, type AutoRenewChange, type RenewalSeatsChange } from '@/machines/renewal.machine'
import { answersInTurn } from '@/testkit/answers'
import { caraRenewal, offline } from '@/testkit/flows/renewal/renewal.model'
import { settle } from '@/testkit/settle'
import { expectTryAgainAfterFailure } from '@/tests/support/try-again'

/**
 * Renewal: Try again, which subscription the seats dialog and the Auto-renew switch act on, what
 * each sends, and the changes refused before anything is sent. Cara has two subscriptions: her
 * Commercial, renewing, and a second one set to end.
 */
const endingRenewal: Renewal = { ...caraRenewal, subscriptionId: 'sub_demo_second', seats: 8, assigned: 3, renewalSeats: 8, autoRenew: false, renewalAmount: 239_200 }
const renewingRenewal: Renewal = { ...caraRenewal, subscriptionId: 'sub_demo_first' }

function renewalPage(loads: (Renewal[] | Error)[], answers: { seats?: Renewal[]; autoRenew?: Renewal[] } = {}) {
  const load = answersInTurn<Renewal[]>(loads)
  const setRenewalSeats = answersInTurn<Renewal, RenewalSeatsChange>(answers.seats ?? [])
  const setAutoRenew = answersInTurn<Renewal, AutoRenewChange>(answers.autoRenew ?? [])
  const actor = createActor(renewalMachine.provide({ actors: { loadRenewals: load.logic, setRenewalSeats: setRenewalSeats.logic, setAutoRenew: setAutoRenew.logic } })).start()
  const context = () => actor.getSnapshot().context
  return { actor, context, loads: load.asked, seatsSent: setRenewalSeats.asked, switchesSent: setAutoRenew.asked }
}

describe('Renewal', () => {
  it('loads the renewals again on Try again after a failed load', async () => {
    const page = renewalPage([new Error(offline), [renewingRenewal]])
    await expectTryAgainAfterFailure(page, offline, 'renewals.reload')
    expect(page.actor.getSnapshot().value).toEqual({ ready: 'idle' })
    expect(page.context().renewals).toEqual([renewingRenewal])
    expect(page.context().error).toBeNull()
  })

  it('changes the seats of the subscription chosen, sending its id and the seats, and leaves the other as it was', async () => {
    const reduced: Renewal = { ...renewingRenewal, renewalSeats: 3, renewalAmount: 89_700 }
    const page = renewalPage([[endingRenewal, renewingRenewal]], { seats: [reduced] })
    await settle()
    page.actor.send({ type: 'seats.open', subscriptionId: 'sub_demo_first' })
    expect(page.actor.getSnapshot().value).toEqual({ ready: { seats: 'editing' } })
    expect(page.context().changing).toEqual(renewingRenewal)
    page.actor.send({ type: 'seats.submit', seats: 3 })
    await settle()
    expect(page.seatsSent).toEqual([{ subscriptionId: 'sub_demo_first', seats: 3 }])
    expect(page.actor.getSnapshot().value).toEqual({ ready: 'idle' })
    expect(page.context().renewals).toEqual([endingRenewal, reduced])
  })

  it('opens no seats dialog for a subscription set to end, even when another renews', async () => {
    const page = renewalPage([[endingRenewal, renewingRenewal]])
    await settle()
    page.actor.send({ type: 'seats.open', subscriptionId: 'sub_demo_second' })
    expect(page.actor.getSnapshot().value).toEqual({ ready: 'idle' })
    expect(page.context().changing).toBeNull()
  })

  it('closes the seats dialog on Cancel, forgetting the subscription', async () => {
    const page = renewalPage([[renewingRenewal]])
    await settle()
    page.actor.send({ type: 'seats.open', subscriptionId: 'sub_demo_first' })
    page.actor.send({ type: 'dialog.close' })
    expect(page.actor.getSnapshot().value).toEqual({ ready: 'idle' })
    expect(page.context().changing).toBeNull()
    expect(page.seatsSent).toEqual([])
  })

  it('turns Auto-renew of the subscription switched, sending its id and the new value', async () => {
    const renewsAgain: Renewal = { ...endingRenewal, autoRenew: true }
    const page = renewalPage([[renewingRenewal, endingRenewal]], { autoRenew: [renewsAgain] })
    await settle()
    page.actor.send({ type: 'autoRenew.set', subscriptionId: 'sub_demo_second', autoRenew: true })
    expect(page.actor.getSnapshot().value).toEqual({ ready: 'switching' })
    await settle()
    expect(page.switchesSent).toEqual([{ subscriptionId: 'sub_demo_second', autoRenew: true }])
    expect(page.actor.getSnapshot().value).toEqual({ ready: 'idle' })
    expect(page.context().renewals).toEqual([renewingRenewal, renewsAgain])
  })

  it.each([
    ['to the value it already has', { subscriptionId: 'sub_demo_first', autoRenew: true }],
    ['of a subscription not listed', { subscriptionId: 'sub_unknown', autoRenew: false }],
  ])('sends no Auto-renew change %s', async (_, change) => {
    const page = renewalPage([[renewingRenewal, endingRenewal]])
    await settle()
    page.actor.send({ type: 'autoRenew.set', ...change })
    expect(page.actor.getSnapshot().value).toEqual({ ready: 'idle' })
    await settle()
    expect(page.switchesSent).toEqual([])
    expect(page.context().renewals).toEqual([renewingRenewal, endingRenewal])
  })
})
