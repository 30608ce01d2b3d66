import { expect } from '@playwright/test'
import type { keyRotationMachine } from '@/machines/key-rotation.machine'
import { keyRotationModel, noSeat } from '@/testkit/flows/key-rotation/key-rotation.model'
import { demo } from '../support/accounts'
import { calling, type Tour } from '../support/machine-tour'
import { renamed } from '../support/view-row'
import { openAs } from './open-as'
import { pressing } from './press'
import { busyShown } from './shown'

/** The owner's key rotation from Manage Licenses: asked, sent, failed with Try again, and the new key. */
export const keyRotationTour: Tour<typeof keyRotationMachine> = {
  plan: keyRotationModel,
  view: {
    // The component test's seat is Ada Lovelace's; the demo data's, the one the browser rotates, is Dev One's.
    readable: (view) => renamed(view, { 'Ada Lovelace': 'Dev One', 'ada@example.com': 'dev1@example.com' }),
  },
  actors: { regenerateKey: calling('regenerateKey') },
  // Every row names its seat; and behind the open dialog of a new key no row can be pressed.
  walkable: (steps) => !steps.some((step, index) => step.event.type === 'rotation.request' && ((step.event as { seat?: unknown }).seat === noSeat || steps[index - 1]?.state.value === 'done')),
  open: async (page) => {
    await openAs(page, demo.commercial, '/account/licenses')
    await expect(page.getByRole('button', { name: 'Regenerate key of Dev One' })).toBeEnabled()
  },
  perform: pressing(
    (page) => page.getByRole('dialog', { name: 'Regenerate key' }),
    { 'rotation.confirm': 'Regenerate key', 'rotation.retry': 'Try again' },
    {
      'rotation.request': (page) => page.getByRole('button', { name: 'Regenerate key of Dev One' }).click(),
      'rotation.close': (page) => page.keyboard.press('Escape'),
    },
  ),
  expectShown: async (page, step) => {
    const dialog = page.getByRole('dialog', { name: 'Regenerate key' })
    switch (step.state.value) {
      case 'idle':
        return expect(dialog).toBeHidden()
      case 'confirming':
        return expect(dialog.getByText(/The old key stops working at once/)).toBeVisible()
      case 'regenerating':
        return busyShown(dialog.getByRole('button', { name: 'Regenerate key' }))
      case 'failed':
        await expect(dialog.getByRole('alert')).toHaveText(step.state.context.error as string)
        return expect(dialog.getByRole('button', { name: 'Try again' })).toBeEnabled()
      case 'done':
        return expect(dialog.getByRole('textbox', { name: 'New license key' })).toHaveValue('PRSM-NEWKY-11111-22222-33333-44444')
    }
    throw new Error(`Nothing known to check in ${JSON.stringify(step.state.value)}`)
  },
}
