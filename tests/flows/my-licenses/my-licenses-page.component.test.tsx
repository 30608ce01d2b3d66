// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { ActorRefFrom } from 'xstate'
import type { FirstPage } from '@/machines/my-licenses.machine'
import type { sessionMachine } from '@/machines/session.machine'
import { MyLicensesPage } from '@/src/features/my-licenses/components/MyLicensesPage'
import { planPaths } from '@/testkit/model/paths'
import { pendingApi, renderAccountPage, settleActorEvent, type PendingApi } from '@/tests/support/pending-api'
import { walkPaths } from '@/tests/support/run-paths'
import { discordConnectModel } from '@/testkit/flows/discord-connect/discord-connect.model'
import { licenseKeyModel } from '@/testkit/flows/license-key/license-key.model'
import { firstPagesAlong, myLicensesModel, plusLicense, regeneratedKey } from '@/testkit/flows/my-licenses/my-licenses.model'
import { account } from '@/testkit/flows/session/session.model'
import { discordConnectViewTable } from '@/testkit/flows/discord-connect/discord-connect.view-table'
import { licenseKeyViewTable } from '@/testkit/flows/license-key/license-key.view-table'
import { myLicensesViewTable } from '@/testkit/flows/my-licenses/my-licenses.view-table'
import { myLicensesOracle } from '@/testkit/flows/my-licenses/my-licenses.oracle'
import { discordConnectOracle } from '@/testkit/flows/discord-connect/discord-connect.oracle'
import { licenseKeyOracle } from '@/testkit/flows/license-key/license-key.oracle'

const card = () => screen.getByRole('article', { name: 'Commercial Plus' })
const keyDialog = () => screen.queryByRole('dialog', { name: 'License Key' })
const discordDialog = () => screen.queryByRole('dialog', { name: 'Connect Discord' })

/** What the holder does for a new key in the open License Key dialog: ask, confirm, and the API answers. */
async function regenerateKey(pending: PendingApi) {
  fireEvent.click(within(keyDialog()!).getByRole('button', { name: 'Regenerate key' }))
  fireEvent.click(within(keyDialog()!).getByRole('button', { name: 'Regenerate key' }))
  await pending.settle('regenerateKey', { output: { licenseId: plusLicense.id, licenseKey: regeneratedKey } })
}

/**
 * The session's first page comes as the path says: its cards, its failure, or nothing left to take
 * (another actor of the page took it: the session forgot it).
 */
function firstPageCame(session: ActorRefFrom<typeof sessionMachine>, first: FirstPage) {
  if (first.found === 'none') return session.send({ type: 'licenses.taken' })
  const firstLicenses = first.found === 'licenses' ? { licenses: first.licenses } : { error: first.message }
  session.send({ type: 'firstLicenses.came', firstLicenses } as never)
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

describe('My Licenses (component paths of the myLicenses machine) [S2.my-licenses.card S2.my-licenses.card-actions S2.my-licenses.empty]', () => {
  // Discord's connection reaches the cards from the Connect Discord dialog: its own paths below.
  const paths = planPaths(myLicensesModel).paths.filter((path) => path.steps.every((step) => step.event.type !== 'license.discordConnected'))
  walkPaths(paths, {
    table: myLicensesViewTable,
    oracle: myLicensesOracle,
    refuse: myLicensesModel.events,
    // Opened with the area, the page takes the first page the session asked for; else it loads its cards.
    start: (path) => {
      const pending = pendingApi()
      const { session } = renderAccountPage(() => <MyLicensesPage />, { api: pending.api, account, firstLicenses: path.input?.fromSession ? 'loading' : null })
      return Object.assign(pending, { session })
    },
    step: async (event, pending) => {
      if (event.type === 'xstate.done.actor.awaitFirstPage') firstPageCame(pending.session, event.output as FirstPage)
      else if (!(await settleActorEvent(pending, { loadLicenses: 'licenses' }, event)) && event.type === 'licenses.reload') fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
      // The branch is the step: the card's key changes through its License Key dialog; opened again, it shows the new key.
      if (event.type === 'license.keyRegenerated') {
        fireEvent.click(within(card()).getByRole('button', { name: 'License Key' }))
        await regenerateKey(pending)
        fireEvent.click(within(keyDialog()!).getAllByRole('button', { name: 'Close' }).at(-1)!)
        fireEvent.click(within(card()).getByRole('button', { name: 'License Key' }))
        expect((within(keyDialog()!).getByRole('textbox', { name: 'Password' }) as HTMLInputElement).value).toBe('PRSM-NEWKY-11111-22222-33333-44444')
        fireEvent.click(within(keyDialog()!).getAllByRole('button', { name: 'Close' }).at(-1)!)
      }
    },
    check: () => {
      // The empty page's 'Purchase License' goes to the pricing section (spec section 2).
      if (screen.queryByRole('link', { name: 'Purchase License' })) expect(screen.getByRole('link', { name: 'Purchase License' }).getAttribute('href')).toBe('/#pricing')
    },
    end: (pending, _, path) => {
      const reloads = path.steps.filter((step) => step.event.type === 'licenses.reload').length
      // With no first page left to take, the page loads its own.
      const firstPages = firstPagesAlong(path.steps)
      const none = firstPages.some((first) => first.found === 'none')
      expect(pending.calls('licenses')).toHaveLength((path.input?.fromSession ? 0 : 1) + reloads + (none ? 1 : 0))
      // The page took the session's first page once it came, and told the session: a later visit loads its own.
      expect(pending.session.getSnapshot().context.firstLicenses).toEqual(path.input?.fromSession && !firstPages.length ? 'loading' : null)
    },
  })
})

describe('the License Key dialog (component paths of the licenseKey machine) [S2.my-licenses.key-dialog]', () => {
  walkPaths(planPaths(licenseKeyModel).paths, {
    table: licenseKeyViewTable,
    oracle: licenseKeyOracle,
    refuse: licenseKeyModel.events,
    start: async () => ({ pending: await renderLicensed(), key: plusLicense.licenseKey }),
    step: async ({ type }, world) => {
      if (type === 'key.regenerated') {
        await regenerateKey(world.pending)
        world.key = 'PRSM-NEWKY-11111-22222-33333-44444'
      }
      if (type === 'dialog.open') fireEvent.click(within(card()).getByRole('button', { name: 'License Key' }))
      // The dialog's corner button and its footer button are both 'Close'.
      if (type === 'dialog.close') fireEvent.click(within(keyDialog()!).getAllByRole('button', { name: 'Close' }).at(-1)!)
      if (type === 'key.copyAndClose') fireEvent.click(within(keyDialog()!).getByRole('button', { name: 'Copy and Close' }))
    },
    end: ({ key }, _, path) => {
      const copies = path.steps.filter((step) => step.event.type === 'key.copyAndClose').length
      expect(vi.mocked(navigator.clipboard.writeText).mock.calls).toEqual(Array.from({ length: copies }, () => [key]))
    },
  })
})

describe('the Connect Discord dialog (component paths of the discordConnect machine) [S2.my-licenses.discord-dialog S5.discord.blank]', () => {
  walkPaths(planPaths(discordConnectModel).paths, {
    table: discordConnectViewTable,
    oracle: discordConnectOracle,
    refuse: discordConnectModel.events,
    start: renderLicensed,
    step: async (event, pending) => {
      if (!(await settleActorEvent(pending, { connectDiscord: 'connectDiscord' }, event))) {
        if (event.type === 'dialog.open') fireEvent.click(within(card()).getByRole('button', { name: 'Connect Discord' }))
        if (event.type === 'dialog.close') fireEvent.click(within(discordDialog()!).getByRole('button', { name: 'Cancel' }))
        if (event.type === 'name.change') fireEvent.change(within(discordDialog()!).getByLabelText('Discord username'), { target: { value: event.value } })
        if (event.type === 'discord.join') fireEvent.click(within(discordDialog()!).getByRole('button', { name: 'Join Prism Discord' }))
      }
    },
    end: (pending, sent, path) => {
      // A joined person's invite opens in a new tab (spec section 4).
      const joined = sent.some((event) => event.type === 'xstate.done.actor.connectDiscord')
      expect(vi.mocked(window.open).mock.calls).toEqual(joined ? [['https://discord.gg/prism-local-invite', '_blank', 'noopener,noreferrer']] : [])
      expect(pending.calls('connectDiscord')).toEqual(path.steps.filter((step) => step.event.type === 'discord.join').map(() => ['paula.plus', expect.any(AbortSignal)]))
    },
  })
})

describe('Connect Discord with a backend that answers less than ours (spec sections 4 and 7)', () => {
  async function join(answer: unknown) {
    const pending = await renderLicensed()
    fireEvent.click(within(card()).getByRole('button', { name: 'Connect Discord' }))
    fireEvent.change(within(discordDialog()!).getByLabelText('Discord username'), { target: { value: 'paula.plus' } })
    fireEvent.click(within(discordDialog()!).getByRole('button', { name: 'Join Prism Discord' }))
    await pending.settle('connectDiscord', { output: answer })
  }

  it('opens an invite link alone in a new tab and shows the card connected [S4.discord.invite]', async () => {
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
