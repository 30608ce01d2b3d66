import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { discordConnectMachine } from '@/machines/discord-connect.machine'
import { idleActors } from '@/tests/support/run-paths'
import { discordConnectModel } from '@/testkit/flows/discord-connect/discord-connect.model'
import { addressee } from '@/testkit/addressee'
import { settle } from '@/testkit/settle'

describe('connect discord dialog', () => {
  it('refuses to join while the name is empty or only spaces (spec section 5) [S5.discord.blank]', () => {
    const actor = createActor(discordConnectMachine.provide({ actors: idleActors(discordConnectModel.actors) } as never), { input: {} }).start()
    actor.send({ type: 'dialog.open' })
    expect(actor.getSnapshot().can({ type: 'discord.join' })).toBe(false)
    actor.send({ type: 'name.change', value: '   ' })
    expect(actor.getSnapshot().can({ type: 'discord.join' })).toBe(false)
    actor.send({ type: 'name.change', value: ' paula.plus ' })
    expect(actor.getSnapshot().can({ type: 'discord.join' })).toBe(true)
  })

  // The generated paths cannot tell a reopened dialog from one still holding the same name, so this rule is stated here.
  it('opens again empty after Cancel: the name typed before is gone, and Join is disabled', () => {
    const actor = createActor(discordConnectMachine.provide({ actors: idleActors(discordConnectModel.actors) } as never), { input: {} }).start()
    actor.send({ type: 'dialog.open' })
    actor.send({ type: 'name.change', value: 'paula.plus' })
    actor.send({ type: 'dialog.close' })
    actor.send({ type: 'dialog.open' })
    expect(actor.getSnapshot().context).toEqual({ discordName: '', error: null })
    expect(actor.getSnapshot().can({ type: 'discord.join' })).toBe(false)
  })

  it('sends the name without the spaces around it', () => {
    const sent: unknown[] = []
    const connectDiscord = fromPromise<{ inviteLink: string }, { discordName: string }>(({ input }) => (sent.push(input), new Promise(() => {})))
    const actor = createActor(discordConnectMachine.provide({ actors: { connectDiscord } }), { input: {} }).start()
    actor.send({ type: 'dialog.open' })
    actor.send({ type: 'name.change', value: '  paula.plus ' })
    actor.send({ type: 'discord.join' })
    expect(sent).toEqual([{ discordName: 'paula.plus' }])
  })

  it('keeps the typed name after an error, and opens the invite on success', async () => {
    const openInvite = vi.fn()
    let answer: Promise<{ inviteLink: string }> = Promise.reject(new Error('Discord access comes with a Commercial Plus license.'))
    const actor = createActor(discordConnectMachine.provide({ actors: { connectDiscord: fromPromise(() => answer) }, actions: { openInvite: (_, params) => openInvite(params.inviteLink) } }), {
      input: {},
    }).start()
    actor.send({ type: 'dialog.open' })
    actor.send({ type: 'discord.join' })
    expect(actor.getSnapshot().matches({ open: 'editing' })).toBe(true)
    actor.send({ type: 'name.change', value: 'paula.plus' })
    actor.send({ type: 'discord.join' })
    await settle()
    expect(actor.getSnapshot().context).toEqual({ discordName: 'paula.plus', error: 'Discord access comes with a Commercial Plus license.' })
    answer = Promise.resolve({ inviteLink: 'https://discord.gg/x' })
    actor.send({ type: 'discord.join' })
    await settle()
    expect(openInvite).toHaveBeenCalledWith('https://discord.gg/x')
    expect(actor.getSnapshot().value).toBe('connected')
  })

  it('tells the licenses list it was given that the person joined', async () => {
    const told: unknown[] = []
    const actor = createActor(discordConnectMachine.provide({ actors: { connectDiscord: fromPromise(async () => ({ inviteLink: 'https://discord.gg/x' })) } }), {
      input: { licenses: addressee((event) => void told.push(event)) },
    }).start()
    actor.send({ type: 'dialog.open' })
    actor.send({ type: 'name.change', value: 'paula.plus' })
    actor.send({ type: 'discord.join' })
    await settle()
    expect(told).toEqual([{ type: 'license.discordConnected' }])
  })
})
