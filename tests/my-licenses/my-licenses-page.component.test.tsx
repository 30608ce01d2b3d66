// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { SnapshotFrom } from 'xstate'
import type { discordConnectMachine } from '../../machines/discordConnect.machine'
import type { licenseKeyMachine } from '../../machines/licenseKey.machine'
import type { myLicensesMachine } from '../../machines/myLicenses.machine'
import { MyLicensesPage } from '../../src/features/my-licenses/components/MyLicensesPage'
import { describePath, planPaths } from '../model/paths'
import { pendingApi, renderAccountPage, settleActorEvent } from '../model/pending-api'
import { discordConnectModel } from '../machines/discordConnect.model'
import { licenseKeyModel } from '../machines/licenseKey.model'
import { myLicensesModel, plusLicense, regeneratedKey } from '../machines/myLicenses.model'
import { account } from '../machines/session.model'

type StepEvent = { type: string; output?: unknown; error?: unknown; value?: string }

const card = () => screen.getByRole('article', { name: 'Commercial Plus' })
const keyDialog = () => screen.queryByRole('dialog', { name: 'License Key' })
const discordDialog = () => screen.queryByRole('dialog', { name: 'Connect Discord' })

/** What the holder does for a new key in the open License Key dialog: ask, confirm, and the API answers. */
async function regenerateKey(pending: ReturnType<typeof pendingApi>) {
  fireEvent.click(within(keyDialog()!).getByRole('button', { name: 'Regenerate key' }))
  fireEvent.click(within(keyDialog()!).getByRole('button', { name: 'Regenerate key' }))
  await pending.settle('regenerateKey', { output: { licenseId: plusLicense.id, licenseKey: regeneratedKey } })
}

/** The page with the licenses answered, so the dialogs have a card to open from. */
async function renderLicensed() {
  const pending = pendingApi()
  renderAccountPage(() => <MyLicensesPage />, { api: pending.api, account: { ...account, email: plusLicense.accountEmail } })
  await pending.settle('licenses', { output: [plusLicense] })
  return pending
}

beforeEach(() => {
  vi.spyOn(window, 'open').mockReturnValue(null)
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: vi.fn(async () => {}) }, configurable: true })
})

describe('My Licenses (component paths of the myLicenses machine)', () => {
  // Discord's connection reaches the cards from the Connect Discord dialog: its own paths below.
  const paths = planPaths(myLicensesModel).paths.filter((path) => path.steps.every((step) => step.event.type !== 'license.discordConnected'))
  for (const path of paths) {
    it(`shows ${describePath(path.steps)}`, async () => {
      const pending = pendingApi()
      renderAccountPage(() => <MyLicensesPage />, { api: pending.api, account })
      for (const step of path.steps) {
        const event = step.event as StepEvent
        if (!(await settleActorEvent(pending, { loadLicenses: 'licenses' }, event)) && event.type === 'licenses.reload') fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
        if (event.type === 'license.keyRegenerated') {
          // The card's key changes through its License Key dialog; opened again, it shows the new key.
          fireEvent.click(within(card()).getByRole('button', { name: 'License Key' }))
          await regenerateKey(pending)
          fireEvent.click(within(keyDialog()!).getAllByRole('button', { name: 'Close' }).at(-1)!)
          fireEvent.click(within(card()).getByRole('button', { name: 'License Key' }))
          expect((within(keyDialog()!).getByRole('textbox', { name: 'Password' }) as HTMLInputElement).value).toBe('PRSM-NEWKY-11111-22222-33333-44444')
          fireEvent.click(within(keyDialog()!).getAllByRole('button', { name: 'Close' }).at(-1)!)
        }
        const { value, context } = step.state as SnapshotFrom<typeof myLicensesMachine>
        if (value === 'loading') expect(await screen.findByLabelText('Loading your licenses')).toBeTruthy()
        if (value === 'failed') expect((await screen.findByRole('alert')).textContent).toContain(context.error)
        if (value === 'empty') {
          expect(await screen.findByRole('heading', { name: 'No Licenses Assigned' })).toBeTruthy()
          expect(screen.getByText('Get started by purchasing a license.')).toBeTruthy()
          expect(screen.getByRole('link', { name: 'Purchase License' }).getAttribute('href')).toBe('/#pricing')
        }
        if (value === 'licensed') {
          expect(within(card()).getByText('Active')).toBeTruthy()
          expect(within(card()).getByText(`Owner: ${plusLicense.accountEmail}`)).toBeTruthy()
          expect(within(card()).getByText('Expires: November 22, 2027')).toBeTruthy()
          expect(within(card()).getByRole('button', { name: 'Connect Discord' })).toBeTruthy()
          expect(within(card()).getByRole('button', { name: 'License Key' })).toBeTruthy()
        }
      }
      expect(pending.calls('licenses')).toHaveLength(1 + path.steps.filter((step) => step.event.type === 'licenses.reload').length)
    })
  }
})

describe('the License Key dialog (component paths of the licenseKey machine)', () => {
  for (const path of planPaths(licenseKeyModel).paths) {
    it(`shows ${describePath(path.steps)}`, async () => {
      const pending = await renderLicensed()
      let key = plusLicense.licenseKey
      for (const step of path.steps) {
        const { type } = step.event as StepEvent
        if (type === 'key.regenerated') {
          await regenerateKey(pending)
          key = 'PRSM-NEWKY-11111-22222-33333-44444'
        }
        if (type === 'dialog.open') fireEvent.click(within(card()).getByRole('button', { name: 'License Key' }))
        // The dialog's corner button and its footer button are both 'Close'.
        if (type === 'dialog.close') fireEvent.click(within(keyDialog()!).getAllByRole('button', { name: 'Close' }).at(-1)!)
        if (type === 'key.copyAndClose') fireEvent.click(within(keyDialog()!).getByRole('button', { name: 'Copy and Close' }))
        const { value, context } = step.state as SnapshotFrom<typeof licenseKeyMachine>
        if (value === 'open') {
          const dialog = within(keyDialog()!)
          expect((dialog.getByRole('textbox', { name: 'Package source' }) as HTMLInputElement).value).toBe('https://nuget.prismlibrary.com/v3/index.json')
          expect((dialog.getByRole('textbox', { name: 'Username' }) as HTMLInputElement).value).toBe(plusLicense.accountEmail)
          expect((dialog.getByRole('textbox', { name: 'Password' }) as HTMLInputElement).value).toBe(key)
        }
        if (value === 'closed') expect(keyDialog()).toBeNull()
        expect(screen.queryByText('License key copied to the clipboard.') !== null).toBe(context.copied)
      }
      const copies = path.steps.filter((step) => step.event.type === 'key.copyAndClose').length
      expect(vi.mocked(navigator.clipboard.writeText).mock.calls).toEqual(Array.from({ length: copies }, () => [key]))
    })
  }
})

describe('the Connect Discord dialog (component paths of the discordConnect machine)', () => {
  for (const path of planPaths(discordConnectModel).paths) {
    it(`shows ${describePath(path.steps)}`, async () => {
      const pending = await renderLicensed()
      for (const step of path.steps) {
        const event = step.event as StepEvent
        if (!(await settleActorEvent(pending, { connectDiscord: 'connectDiscord' }, event))) {
          if (event.type === 'dialog.open') fireEvent.click(within(card()).getByRole('button', { name: 'Connect Discord' }))
          if (event.type === 'dialog.close') fireEvent.click(within(discordDialog()!).getByRole('button', { name: 'Cancel' }))
          if (event.type === 'name.change') fireEvent.change(within(discordDialog()!).getByLabelText('Discord username'), { target: { value: event.value } })
          if (event.type === 'discord.join') fireEvent.click(within(discordDialog()!).getByRole('button', { name: 'Join Prism Discord' }))
        }
        const snapshot = step.state as SnapshotFrom<typeof discordConnectMachine>
        if (snapshot.matches('open')) {
          const dialog = within(discordDialog()!)
          expect((dialog.getByLabelText('Discord username') as HTMLInputElement).value).toBe(snapshot.context.discordName)
          const join = dialog.getByRole('button', { name: 'Join Prism Discord' }) as HTMLButtonElement
          expect(join.disabled).toBe(snapshot.matches({ open: 'joining' }) || snapshot.context.discordName.trim() === '')
          if (snapshot.context.error) expect(dialog.getByRole('alert').textContent).toContain(snapshot.context.error)
          else expect(dialog.queryByRole('alert')).toBeNull()
        }
        if (snapshot.matches('closed')) {
          expect(discordDialog()).toBeNull()
          expect(within(card()).getByRole('button', { name: 'Connect Discord' })).toBeTruthy()
        }
        if (snapshot.matches('connected')) {
          expect(discordDialog()).toBeNull()
          expect(within(card()).getByText('Discord Connected')).toBeTruthy()
          expect(window.open).toHaveBeenCalledWith('https://discord.gg/prism-local-invite', '_blank', 'noopener,noreferrer')
        }
      }
      expect(pending.calls('connectDiscord')).toEqual(path.steps.filter((step) => step.event.type === 'discord.join').map(() => ['paula.plus', expect.any(AbortSignal)]))
    })
  }
})

describe('Connect Discord with a backend that answers less than ours (spec sections 4 and 7)', () => {
  async function join(answer: unknown) {
    const pending = await renderLicensed()
    fireEvent.click(within(card()).getByRole('button', { name: 'Connect Discord' }))
    fireEvent.change(within(discordDialog()!).getByLabelText('Discord username'), { target: { value: 'paula.plus' } })
    fireEvent.click(within(discordDialog()!).getByRole('button', { name: 'Join Prism Discord' }))
    await pending.settle('connectDiscord', { output: answer })
  }

  it('opens an invite link alone in a new tab and shows the card connected', async () => {
    await join({ inviteLink: 'https://discord.gg/another-invite' })
    expect(discordDialog()).toBeNull()
    expect(within(card()).getByText('Discord Connected')).toBeTruthy()
    expect(within(card()).queryByRole('button', { name: 'Connect Discord' })).toBeNull()
    expect(vi.mocked(window.open).mock.calls).toEqual([['https://discord.gg/another-invite', '_blank', 'noopener,noreferrer']])
  })

  it('shows the card connected on discordConnected alone, with no tab to open', async () => {
    await join({ discordConnected: true })
    expect(discordDialog()).toBeNull()
    expect(within(card()).getByText('Discord Connected')).toBeTruthy()
    expect(within(card()).queryByRole('button', { name: 'Connect Discord' })).toBeNull()
    expect(window.open).not.toHaveBeenCalled()
  })
})
