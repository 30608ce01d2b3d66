import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { CreateFeedTokenRequest, FeedToken } from '@/common/contract'
import { feedTokensMachine } from '@/machines/feed-tokens.machine'
import { buildToken, created, goodDraft, leakedToken, newToken, tooLongDraft } from '@/testkit/flows/feed-tokens/feed-tokens.model'
import { settle } from '@/testkit/settle'

/** The request a good draft makes: its name, the default 365 days, and the default scope (every package covered, 3 networks a day). */
const request = { name: 'GitHub Actions', expiresInDays: 365, packages: [], maxNetworks: 3, suspendOnLeak: false }

/** The machine over fakes: the list answers these tokens; making and revoking are recorded. */
function start(tokens: FeedToken[]) {
  const createToken = vi.fn((_request: CreateFeedTokenRequest) => Promise.resolve(created))
  const revokeToken = vi.fn((_tokenId: string) => Promise.resolve())
  const actor = createActor(
    feedTokensMachine.provide({
      actors: {
        loadTokens: fromPromise(() => Promise.resolve(tokens)),
        createToken: fromPromise(({ input }: { input: CreateFeedTokenRequest }) => createToken(input)),
        revokeToken: fromPromise(({ input }: { input: { tokenId: string } }) => revokeToken(input.tokenId)),
      },
    }),
  ).start()
  return { actor, createToken, revokeToken }
}

describe('feed token rules', () => {
  it('sends nothing for a draft the contract refuses (more than 730 days, or no name), keeping the dialog open', async () => {
    const { actor, createToken } = start([])
    await settle()
    actor.send({ type: 'create.open' })
    actor.send({ type: 'create.submit', draft: tooLongDraft })
    actor.send({ type: 'create.submit', draft: { name: '   ', expiresInDays: 30 } })
    actor.send({ type: 'create.submit', draft: { name: 'CI', expiresInDays: '30' } })
    await settle()
    expect(createToken).not.toHaveBeenCalled()
    expect(actor.getSnapshot().matches({ ready: { dialog: { creating: 'editing' } } })).toBe(true)
  })

  it('sends one request however often Create token is pressed, with the name trimmed, and refuses to close while it is out', async () => {
    const { actor, createToken } = start([buildToken])
    await settle()
    actor.send({ type: 'create.open' })
    actor.send({ type: 'create.submit', draft: { ...goodDraft, name: '  GitHub Actions  ' } })
    actor.send({ type: 'create.submit', draft: goodDraft })
    actor.send({ type: 'dialog.close' })
    expect(actor.getSnapshot().matches({ ready: { dialog: { creating: 'submitting' } } })).toBe(true)
    await settle()
    expect(createToken.mock.calls).toEqual([[request]])
    expect(actor.getSnapshot().context.tokens.map((token) => token.id)).toEqual(['ft_new', 'ft_build'])
    expect(actor.getSnapshot().context.created?.secret).toBe(created.secret)
  })

  it('forgets the secret once its dialog closes', async () => {
    const { actor } = start([])
    await settle()
    actor.send({ type: 'create.open' })
    actor.send({ type: 'create.submit', draft: goodDraft })
    await settle()
    actor.send({ type: 'dialog.close' })
    expect(actor.getSnapshot().context.created).toBeNull()
    expect(JSON.stringify(actor.getSnapshot().context)).not.toContain(created.secret)
    expect(actor.getSnapshot().matches({ ready: 'shown' })).toBe(true)
  })

  it('revokes only a listed token, once, and shows the empty list after the last one', async () => {
    const { actor, revokeToken } = start([buildToken])
    await settle()
    actor.send({ type: 'revoke.request', token: newToken })
    expect(actor.getSnapshot().matches({ ready: 'shown' })).toBe(true)
    actor.send({ type: 'revoke.request', token: buildToken })
    actor.send({ type: 'revoke.confirm' })
    actor.send({ type: 'revoke.confirm' })
    await settle()
    expect(revokeToken.mock.calls).toEqual([['ft_build']])
    expect(actor.getSnapshot().matches({ ready: 'empty' })).toBe(true)
  })

  it('lists a token the answer repeats once: the one made again heads the list', async () => {
    const { actor } = start([newToken, buildToken])
    await settle()
    actor.send({ type: 'create.open' })
    actor.send({ type: 'create.submit', draft: goodDraft })
    await settle()
    expect(actor.getSnapshot().context.tokens.map((token) => token.id)).toEqual([newToken.id, buildToken.id])
  })

  it('lets in again only the token resumed: another marked a possible leak stays suspended', async () => {
    const otherLeak: FeedToken = { ...leakedToken, id: 'ft_leaked_2', name: 'Release key', last4: 'lk42' }
    const actor = createActor(
      feedTokensMachine.provide({
        actors: { loadTokens: fromPromise(() => Promise.resolve([leakedToken, otherLeak])), resumeToken: fromPromise(() => Promise.resolve()) },
      }),
    ).start()
    await settle()
    actor.send({ type: 'resume.request', token: leakedToken })
    actor.send({ type: 'resume.confirm' })
    await settle()
    const standing = actor.getSnapshot().context.tokens.map(({ id, leakAt, suspendedAt }) => ({ id, leakAt, suspendedAt }))
    expect(standing).toEqual([
      { id: leakedToken.id, leakAt: null, suspendedAt: null },
      { id: otherLeak.id, leakAt: otherLeak.leakAt, suspendedAt: otherLeak.suspendedAt },
    ])
  })

  // An actor fails with whatever its promise rejects with: the API client's errors, but also nothing at all.
  it('says a failure that names no field, or names it with no name, above the form', async () => {
    for (const failure of [null, undefined, 'refused', Object.assign(new Error('There was a conflict.'), { field: 42 })]) {
      const actor = createActor(
        feedTokensMachine.provide({ actors: { loadTokens: fromPromise(() => Promise.resolve<FeedToken[]>([])), createToken: fromPromise(() => Promise.reject(failure)) } }),
      ).start()
      await settle()
      actor.send({ type: 'create.open' })
      actor.send({ type: 'create.submit', draft: goodDraft })
      await settle()
      expect(actor.getSnapshot().status, String(failure)).toBe('active')
      expect(actor.getSnapshot().context.errorField, String(failure)).toBeNull()
      expect(actor.getSnapshot().context.error, String(failure)).toEqual(expect.any(String))
    }
  })
})
