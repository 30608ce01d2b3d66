import { expect } from '@playwright/test'
import type { renewalMachine } from '@/machines/renewal.machine'
import { renewalModel } from '@/testkit/flows/renewal/renewal.model'
import { demo } from '../support/accounts'
import { calling, type Tour } from '../support/machine-tour'
import { openAs } from './open-as'
import { pressing } from './press'
import { busyShown, dialogOpenShown, loadShown } from './shown'

/** The Renewal panel of Manage Licenses: loading, failed, the renewals, the auto-renew switch, and the seats dialog. */
export const renewalTour: Tour<typeof renewalMachine> = {
  plan: renewalModel,
  actors: {
    loadRenewals: calling('renewals'),
    setRenewalSeats: calling('setRenewalSeats'),
    setAutoRenew: calling('setAutoRenew'),
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
    if (await loadShown(panel, JSON.stringify(value), { loading: 'Loading your renewals', failed: 'Your renewals could not be loaded' })) return
    switch (JSON.stringify(value)) {
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
