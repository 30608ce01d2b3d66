import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { createActor, toPromise } from 'xstate'
import { createAccountsApi } from '@/src/api/accounts-api'
import { createCaller } from '@/src/api/client'
import { discordConnectAnswerSchema } from '@/common/contract'
import { ApiError } from '@/src/api/errors'
import { discordActors } from '@/src/features/my-licenses/my-licenses.actors'

/** The accounts API over a backend that answers Connect Discord with the given body. */
const apiAnswering = (body: unknown) =>
  createAccountsApi(
    createCaller({
      baseUrl: 'https://accounts.example.com/api',
      accessToken: async () => 'token',
      fetch: async () => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    }),
  )

const connect = (body: unknown) => toPromise(createActor(discordActors(apiAnswering(body)).connectDiscord, { input: { discordName: 'paula.plus' } }).start())

describe('the Connect Discord answer (spec section 7: inviteLink or discordConnected)', () => {
  it('accepts an invite link, discordConnected, or both [S7.discord-connect]', () => {
    expect(v.parse(discordConnectAnswerSchema, { inviteLink: 'https://discord.gg/abc', discordConnected: true })).toEqual({ inviteLink: 'https://discord.gg/abc', discordConnected: true })
    expect(v.parse(discordConnectAnswerSchema, { inviteLink: 'https://discord.gg/abc' })).toEqual({ inviteLink: 'https://discord.gg/abc' })
    expect(v.parse(discordConnectAnswerSchema, { discordConnected: true })).toEqual({ discordConnected: true })
  })

  it('refuses an answer with neither, or an invite that is not an address', () => {
    expect(v.safeParse(discordConnectAnswerSchema, {}).success).toBe(false)
    expect(v.safeParse(discordConnectAnswerSchema, { discordConnected: false }).success).toBe(false)
    expect(v.safeParse(discordConnectAnswerSchema, { inviteLink: 'discord invite' }).success).toBe(false)
    expect(v.safeParse(discordConnectAnswerSchema, { inviteLink: 'discord invite', discordConnected: true }).success).toBe(false)
  })

  it('reaches the Connect Discord flow as the invite to open, or none to open', async () => {
    await expect(connect({ inviteLink: 'https://discord.gg/abc', discordConnected: true })).resolves.toEqual({ inviteLink: 'https://discord.gg/abc' })
    await expect(connect({ inviteLink: 'https://discord.gg/abc' })).resolves.toEqual({ inviteLink: 'https://discord.gg/abc' })
    await expect(connect({ discordConnected: true })).resolves.toEqual({ inviteLink: '' })
    await expect(connect({})).rejects.toBeInstanceOf(ApiError)
  })
})
