import { expect } from '@playwright/test'
import type { licenseKeyMachine } from '@/machines/license-key.machine'
import { licenseKeyModel } from '@/testkit/flows/license-key/license-key.model'
import { licenseCard } from '../support/accounts'
import type { Tour } from '../support/machine-tour'
import { openPlusCard } from './open-as'
import { pressing } from './press'

/** The License Key dialog of a Commercial Plus card: open, closed, and closed after copying. */
export const licenseKeyTour: Tour<typeof licenseKeyMachine> = {
  plan: licenseKeyModel,
  view: {
    // The key in the password field cannot be read against the oracle's: the demo card's key is made when the database is seeded, not the fixture's.
    readable: ({ fields, ...view }) => {
      const { Password: _password, ...readableFields } = fields ?? {}
      return { ...view, ...(fields ? { fields: readableFields } : {}) }
    },
  },
  actors: {},
  // A new key comes from the key rotation, whose tour holds its request: here it would change the demo key.
  walkable: (steps) => !steps.some((step) => step.event.type === 'key.regenerated'),
  open: openPlusCard,
  perform: pressing(
    (page) => page.getByRole('dialog', { name: 'License Key' }),
    { 'dialog.close': 'Close', 'key.copyAndClose': 'Copy and Close' },
    { 'dialog.open': (page) => licenseCard(page, 'Commercial Plus').getByRole('button', { name: 'License Key' }).click() },
  ),
  expectShown: async (page, step) => {
    const dialog = page.getByRole('dialog', { name: 'License Key' })
    const copied = page.getByRole('status').filter({ hasText: 'License key copied to the clipboard.' })
    // The branch is the test: the state the path rests in picks what the page must show there.
    if (step.state.value === 'open') return expect(dialog.getByRole('button', { name: 'Copy and Close' })).toBeVisible()
    await expect(dialog).toBeHidden()
    await expect(copied).toHaveCount(step.state.context.copied ? 1 : 0)
  },
}
