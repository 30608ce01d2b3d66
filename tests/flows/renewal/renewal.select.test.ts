import { describe, expect, it } from 'vitest'
import type { SnapshotFrom } from 'xstate'
import { renewalMachine } from '@/machines/renewal.machine'
import { renewalCard, selectRenewal } from '@/src/features/manage-licenses/renewal.select'
import { caraRenewal, offline } from '@/testkit/flows/renewal/renewal.model'
import { selectedIn } from '@/testkit/selected-in'

/** A renewal's card counts licenses in words: one license, or a number of them. */
describe("a renewal's card", () => {
  it('says one license in the singular, where it renews and where it ends', () => {
    const one = renewalCard({ ...caraRenewal, seats: 2, renewalSeats: 1, renewalAmount: 29_900 })
    expect(one.summary).toBe('Renews with 1 license for $299.00 a year, before any tax.')
    expect(one.ending).toBe('1 license ends on March 1, 2027')
  })

  it('says more than one in the plural', () => {
    const three = renewalCard({ ...caraRenewal, renewalSeats: 2, renewalAmount: 59_800 })
    expect(three.summary).toBe('Renews with 2 licenses for $598.00 a year, before any tax.')
    expect(three.ending).toBe('3 licenses end on March 1, 2027')
  })
})

/** The renewal panel in each state: each card, error and dialog only where it belongs. */
describe('the renewal panel, state by state', () => {
  type Context = SnapshotFrom<typeof renewalMachine>['context']
  const context: Context = { renewals: [caraRenewal], error: offline, changing: caraRenewal, request: null, switching: { subscriptionId: caraRenewal.subscriptionId, autoRenew: false } }
  const panelIn = selectedIn(renewalMachine, selectRenewal, context)

  it('says why the renewals could not be read only when they could not', () => {
    expect(panelIn('failed')).toMatchObject({ loadError: offline, shown: false, dialog: null, switching: null })
    expect(panelIn('loading')).toMatchObject({ loading: true, loadError: null })
  })

  it('puts a failed switch above the cards while idle, with no dialog and no card in progress', () => {
    expect(panelIn({ ready: 'idle' })).toMatchObject({ shown: true, error: offline, canChange: true, switching: null, dialog: null })
  })

  it('shows progress on the card whose switch is sent', () => {
    expect(panelIn({ ready: 'switching' })).toMatchObject({ switching: caraRenewal.subscriptionId, error: null, canChange: false, dialog: null })
    expect(panelIn({ ready: 'switching' }, { switching: null }).switching).toBeNull()
  })

  it('opens the seats dialog with its own error, and says when it is sent', () => {
    expect(panelIn({ ready: { seats: 'editing' } }).dialog).toMatchObject({ min: 2, max: 5, initial: 5, sending: false, error: offline })
    expect(panelIn({ ready: { seats: 'sending' } }).dialog).toMatchObject({ sending: true })
    expect(panelIn({ ready: { seats: 'editing' } }, { changing: null }).dialog).toBeNull()
  })
})
