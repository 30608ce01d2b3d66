import { expect } from '@playwright/test'
import type { profileMachine } from '@/machines/profile.machine'
import { profileModel } from '@/testkit/flows/profile/profile.model'
import { demo } from '../support/accounts'
import { calling, callOf, type Tour } from '../support/machine-tour'
import { openAs } from './open-as'
import { pressing } from './press'
import { loadFailedShown } from './shown'

/** Profile: loading, a failed load, the form, saving, saved and a failed save. */
export const profileTour: Tour<typeof profileMachine> = {
  plan: profileModel,
  actors: {
    loadProfile: calling('account'),
    // Saving stores the fields, then reads back what was stored.
    saveProfile: {
      calls: [callOf('updateAccount'), callOf('account')],
    },
  },
  open: (page) => openAs(page, demo.nolicense, '/account/profile'),
  perform: pressing(
    (page) => page.getByRole('main'),
    { 'profile.reload': 'Try again', 'notice.dismiss': 'Dismiss' },
    {
      'profile.save': async (page, event) => {
        const main = page.getByRole('main')
        await main.getByLabel('Company').fill(event.fields.companyName)
        await main.getByRole('button', { name: 'Update Profile' }).click()
      },
    },
  ),
  expectShown: async (page, step, before) => {
    const main = page.getByRole('main')
    const { value, context } = step.state
    const update = main.getByRole('button', { name: 'Update Profile' })
    switch (value) {
      case 'loading':
        return expect(main.getByText('Loading, please wait...')).toBeVisible()
      case 'failed':
        return loadFailedShown(main, 'Your profile could not be loaded')
      case 'saving':
        return expect(update).toHaveAttribute('data-loading')
      case 'editing': {
        // After a failed save the form keeps what was typed; otherwise it shows what is stored.
        const typed = before.findLast((earlier) => earlier.event.type === 'profile.save')?.event as { fields: { companyName: string } } | undefined
        const company = context.error && typed ? typed.fields.companyName : (context.account as { companyName: string }).companyName
        await expect(main.getByLabel('Company')).toHaveValue(company)
        await expect(update).toBeEnabled()
        await expect(main.getByRole('status')).toHaveCount(context.saved ? 1 : 0)
        // The branch is the test: a failure's message, or no alert.
        if (context.error) await expect(main.getByRole('alert')).toContainText(context.error as string)
        else await expect(main.getByRole('alert')).toHaveCount(0)
        return
      }
    }
    throw new Error(`Nothing known to check in ${JSON.stringify(value)}`)
  },
}
