import { expect } from '@playwright/test'
import type { billingPortalMachine } from '@/machines/billing-portal.machine'
import { billingPortalModel } from '@/testkit/flows/billing-portal/billing-portal.model'
import { demo } from '../support/accounts'
import { calling, type Tour } from '../support/machine-tour'
import { openAs } from './open-as'

/** Billing in the sidebar: opening the customer portal, and its error. */
export const billingPortalTour: Tour<typeof billingPortalMachine> = {
  plan: billingPortalModel,
  actors: { createPortalSession: calling('createPortalSession') },
  // The customer portal has a test of its own.
  leaving: (step) => step.state.value === 'leaving',
  open: async (page) => {
    await openAs(page, demo.commercial, '/account/profile')
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible()
  },
  perform: async (page, event) => {
    switch (event.type) {
      case 'portal.open':
        return page
          .getByRole('navigation', { name: 'Account' })
          .getByRole('button', { name: /^Billing/ })
          .click()
      case 'error.dismiss':
        return page.getByRole('alert').filter({ hasText: 'Billing portal' }).getByRole('button', { name: 'Dismiss' }).click()
    }
    throw new Error(`No browser action for ${JSON.stringify(event)}`)
  },
  expectShown: async (page, step) => {
    const billing = page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: /^Billing/ })
    const error = page.getByRole('alert').filter({ hasText: 'Billing portal' })
    // The branch is the test: the state the path rests in picks what the page must show there.
    if (step.state.value === 'opening') return expect(page.getByLabel('Opening the billing portal')).toBeVisible()
    await expect(billing).toBeEnabled()
    // The branch is the test: a failure's message, or none.
    if (step.state.context.error) await expect(error).toContainText(step.state.context.error as string)
    else await expect(error).toHaveCount(0)
  },
}
