// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { RenewalPanel } from '@/src/features/manage-licenses/components/RenewalPanel'
import { planPaths } from '@/testkit/model/paths'
import { caraRenewal, renewalModel } from '@/testkit/flows/renewal/renewal.model'
import { account } from '@/testkit/flows/session/session.model'
import { renewalOracle } from '@/testkit/flows/renewal/renewal.oracle'
import { openOnPendingApi, settleOrAct } from '@/tests/support/pending-api'
import { pressing } from '@/tests/support/pressing'
import { walkPaths } from '@/tests/support/run-paths'
import { renewalViewTable } from '@/testkit/flows/renewal/renewal.view-table'

const plan = planPaths(renewalModel)
const methods = { loadRenewals: 'renewals', setRenewalSeats: 'setRenewalSeats', setAutoRenew: 'setAutoRenew' } as const
const seatsDialog = () => screen.getByRole('dialog', { name: 'Seats for renewal' })

const act = pressing(
  { 'renewals.reload': 'Try again', 'seats.open': 'Change seats for renewal' },
  {
    'seats.submit': (event) => {
      const form = seatsDialog()
      fireEvent.change(within(form).getByRole('textbox', { name: /Licenses from/ }), { target: { value: String(event.seats) } })
      return fireEvent.click(within(form).getByRole('button', { name: 'Save' }))
    },
    'autoRenew.set': () => fireEvent.click(screen.getByRole('switch', { name: 'Auto-renew' })),
    'dialog.close': () => fireEvent.click(within(seatsDialog()).getAllByRole('button', { name: 'Close' })[0]!),
  },
)

const open = () => openOnPendingApi(() => <RenewalPanel />, { account, path: '/account/licenses' })

describe('the renewal panel of Manage Licenses (component paths of the renewal machine)', () => {
  walkPaths(plan.paths, {
    table: renewalViewTable,
    oracle: renewalOracle,
    refuse: renewalModel.events,
    start: open,
    step: settleOrAct(methods, act),
    end: (pending, sent) => {
      // Save sends the allowed count once, for the subscription; the switch sends its new position.
      expect(pending.made('setRenewalSeats')).toEqual(
        sent.filter((event) => event.type === 'seats.submit' && (event as unknown as { seats: number }).seats >= 2).map(() => [caraRenewal.subscriptionId, { seats: 3 }]),
      )
      expect(pending.made('setAutoRenew').every(([id, body]) => id === caraRenewal.subscriptionId && JSON.stringify(body) === '{"autoRenew":false}')).toBe(true)
    },
  })

  it('says what the count may be, and what it will charge, before sending', async () => {
    const pending = open()
    await pending.settle('renewals', { output: [caraRenewal] })
    fireEvent.click(await screen.findByRole('button', { name: 'Change seats for renewal' }))
    const form = seatsDialog()
    const field = within(form).getByRole('textbox', { name: /Licenses from/ })
    fireEvent.change(field, { target: { value: '4' } })
    expect(within(form).getByText('The renewal will charge $1,196.00, before any tax.')).toBeTruthy()
    fireEvent.change(field, { target: { value: '1' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }))
    expect(await within(form).findByText('2 licenses are assigned: keep at least 2, or unassign licenses first.')).toBeTruthy()
    fireEvent.change(field, { target: { value: '6' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }))
    expect(await within(form).findByText('At most the 5 licenses you have now: to add licenses, buy more.')).toBeTruthy()
    expect(pending.calls('setRenewalSeats')).toHaveLength(0)
  })
})
