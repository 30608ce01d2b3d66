import { expect } from '@playwright/test'
import type { renewalMachine } from '@/machines/renewal.machine'
import { renewalModel } from '@/testkit/flows/renewal/renewal.model'
import { demo } from '../support/accounts'
import type { Tour } from '../support/machine-tour'
import { openAs } from './open-as'
import { pressing } from './press'
import { busyShown, dialogOpenShown, loadFailedShown } from './shown'
import { renewalViewTable } from '@/testkit/flows/renewal/renewal.view-table'

/** The Renewal panel of Manage Licenses: loading, failed, the renewals, the auto-renew switch, and the seats dialog. */
export const renewalTour: Tour<typeof renewalMachine> = {
  plan: renewalModel,
  view: { table: renewalViewTable },
  actors: {
    loadRenewals: { calls: [{ method: 'GET', path: '/renewals' }] },
    setRenewalSeats: { calls: [{ method: 'PUT', path: /^\/stripe\/renewals\/[^/]+\/seats$/ }] },
    setAutoRenew: { calls: [{ method: 'PUT', path: /^\/stripe\/renewals\/[^/]+\/auto-renew$/ }] },
  },
  open: (page) => openAs(page, demo.commercial, '/account/licenses'),
  perform: pressing(
    (page) => page.getByRole('region', { name: 'Renewal' }),
    { 'renewals.reload': 'Try again', 'seats.open': 'Change seats for renewal' },
    {
      'seats.submit': async (page, event) => {
        const dialog = page.getByRole('dialog', { name: 'Seats for renewal' })
        await dialog.getByRole('textbox', { name: /^Licenses from/ }).fill(String(event.seats))
        await dialog.getByRole('button', { name: 'Save' }).click()
      },
      'autoRenew.set': (page) => page.getByRole('region', { name: 'Renewal' }).getByRole('switch', { name: 'Auto-renew' }).click({ force: true }),
      'dialog.close': (page) => page.getByRole('dialog', { name: 'Seats for renewal' }).getByRole('button', { name: 'Close' }).first().click(),
    },
  ),
  expectShown: async (page, step) => {
    const panel = page.getByRole('region', { name: 'Renewal' })
    const { value, context } = step.state
    const dialog = page.getByRole('dialog', { name: 'Seats for renewal' })
    switch (JSON.stringify(value)) {
      case '"loading"':
        return expect(panel.getByLabel('Loading your renewals')).toBeVisible()
      case '"failed"':
        return loadFailedShown(panel, 'Your renewals could not be loaded')
      case '{"ready":"idle"}':
        await expect(dialog).toHaveCount(0)
        // The branch is the test: the last failure's message, where the flow holds one.
        if (context.error) await expect(panel.getByRole('alert')).toContainText(context.error as string)
        return expect(panel.getByRole('article')).toHaveCount((context.renewals as unknown[]).length)
      case '{"ready":"switching"}':
        return expect(panel.getByRole('switch', { name: 'Auto-renew' })).toBeDisabled()
      case '{"ready":{"seats":"editing"}}':
        return dialogOpenShown(dialog, 'Save', context.error)
      case '{"ready":{"seats":"sending"}}':
        return busyShown(dialog.getByRole('button', { name: 'Save' }))
    }
    throw new Error(`Nothing known to check in ${JSON.stringify(value)}`)
  },
}
