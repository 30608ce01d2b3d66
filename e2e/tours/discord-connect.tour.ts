import { expect } from '@playwright/test'
import type { discordConnectMachine } from '@/machines/discord-connect.machine'
import { discordConnectModel } from '@/testkit/flows/discord-connect/discord-connect.model'
import { licenseCard } from '../support/accounts'
import { calling, type Tour } from '../support/machine-tour'
import { openPlusCard } from './open-as'
import { pressing } from './press'

/** Connect Discord on the Commercial Plus card: the dialog, joining, an error, and connected. */
export const discordConnectTour: Tour<typeof discordConnectMachine> = {
  plan: discordConnectModel,
  // The API answers the invite link and that the account is now connected.
  actors: { connectDiscord: { ...calling('connectDiscord'), answers: (output) => [{ ...(output as object), discordConnected: true }] } },
  open: openPlusCard,
  perform: pressing(
    (page) => page.getByRole('dialog', { name: 'Connect Discord' }),
    { 'dialog.close': 'Close', 'discord.join': 'Join Prism Discord' },
    {
      'dialog.open': (page) => licenseCard(page, 'Commercial Plus').getByRole('button', { name: 'Connect Discord' }).click(),
      'name.change': (page, event) => page.getByRole('dialog', { name: 'Connect Discord' }).getByLabel('Discord username').fill(event.value),
    },
  ),
  expectShown: async (page, step) => {
    const dialog = page.getByRole('dialog', { name: 'Connect Discord' })
    const card = licenseCard(page, 'Commercial Plus')
    const { value, context } = step.state
    // The branch is the test: the state the path rests in picks what the page must show there.
    if (value === 'closed') {
      await expect(dialog).toBeHidden()
      return expect(card.getByRole('button', { name: 'Connect Discord' })).toBeVisible()
    }
    if (value === 'connected') {
      await expect(dialog).toBeHidden()
      return expect(card.getByText('Discord Connected')).toBeVisible()
    }
    await expect(dialog.getByLabel('Discord username')).toHaveValue(context.discordName as string)
    // The branch is the test: the last failure's message, where there was one.
    if (context.error) await expect(dialog.getByRole('alert')).toHaveText(context.error as string)
    const join = dialog.getByRole('button', { name: 'Join Prism Discord' })
    // The branch is the test: the button is busy while joining, else pressable only with a name.
    if (JSON.stringify(value) === '{"open":"joining"}') return expect(join).toHaveAttribute('data-loading')
    if ((context.discordName as string).trim()) return expect(join).toBeEnabled()
    return expect(join).toBeDisabled()
  },
}
