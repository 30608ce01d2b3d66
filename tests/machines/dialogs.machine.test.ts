import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, type SnapshotFrom } from 'xstate'
import { discordConnectMachine } from '../../machines/discordConnect.machine'
import { licenseKeyMachine } from '../../machines/licenseKey.machine'
import { describePath, planPaths } from '../model/paths'
import { replayPath } from '../model/run'
import { discordConnectModel } from './discordConnect.model'
import { licenseKeyModel } from './licenseKey.model'
import { plusLicense } from './myLicenses.model'

describe('license key dialog: generated paths', () => {
  const plan = planPaths(licenseKeyModel)
  const expectations = (snapshot: SnapshotFrom<typeof licenseKeyMachine>) => expect(snapshot.context.license !== null).toBe(snapshot.matches('open'))
  for (const path of plan.paths) it(`replays ${describePath(path.steps)}`, () => replayPath(licenseKeyMachine, path, { actors: [], serialize: plan.serialize, expectations }))

  it("copies the key on 'Copy and Close'", () => {
    const copyKey = vi.fn()
    const actor = createActor(licenseKeyMachine.provide({ actions: { copyKey: (_, params) => copyKey(params.licenseKey) } })).start()
    actor.send({ type: 'dialog.open', license: plusLicense })
    actor.send({ type: 'key.copyAndClose' })
    expect(copyKey).toHaveBeenCalledWith(plusLicense.licenseKey)
    expect(actor.getSnapshot().value).toBe('closed')
  })

  it("copies the new key after a rotation, not the old one", () => {
    const copyKey = vi.fn()
    const actor = createActor(licenseKeyMachine.provide({ actions: { copyKey: (_, params) => copyKey(params.licenseKey) } })).start()
    actor.send({ type: 'dialog.open', license: plusLicense })
    actor.send({ type: 'key.regenerated', licenseKey: 'PRSM-NEWKY-11111-22222-33333-44444' })
    actor.send({ type: 'key.copyAndClose' })
    expect(copyKey.mock.calls).toEqual([['PRSM-NEWKY-11111-22222-33333-44444']])
  })
})

describe('connect discord dialog: generated paths', () => {
  const plan = planPaths(discordConnectModel)
  const expectations = (snapshot: SnapshotFrom<typeof discordConnectMachine>) => {
    if (snapshot.matches({ open: 'editing' })) expect(snapshot.can({ type: 'discord.join' })).toBe(snapshot.context.discordName.trim() !== '')
  }
  for (const path of plan.paths) it(`replays ${describePath(path.steps)}`, () => replayPath(discordConnectMachine, path, { actors: discordConnectModel.actors, serialize: plan.serialize, expectations }))

  it('keeps the typed name after an error, and opens the invite on success', async () => {
    const openInvite = vi.fn()
    let answer: Promise<{ inviteLink: string }> = Promise.reject(new Error('Discord access comes with a Commercial Plus license.'))
    const actor = createActor(discordConnectMachine.provide({ actors: { connectDiscord: fromPromise(() => answer) }, actions: { openInvite: (_, params) => openInvite(params.inviteLink) } })).start()
    actor.send({ type: 'dialog.open' })
    actor.send({ type: 'discord.join' })
    expect(actor.getSnapshot().matches({ open: 'editing' })).toBe(true)
    actor.send({ type: 'name.change', value: 'paula.plus' })
    actor.send({ type: 'discord.join' })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(actor.getSnapshot().context).toEqual({ discordName: 'paula.plus', error: 'Discord access comes with a Commercial Plus license.' })
    answer = Promise.resolve({ inviteLink: 'https://discord.gg/x' })
    actor.send({ type: 'discord.join' })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(openInvite).toHaveBeenCalledWith('https://discord.gg/x')
    expect(actor.getSnapshot().value).toBe('connected')
  })
})
