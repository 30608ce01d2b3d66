import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import type { CreatedFeedToken, CreateFeedTokenRequest, FeedToken } from '@/common/contract'
import { feedTokensMachine } from '@/machines/feed-tokens.machine'
import { answersInTurn } from '@/testkit/answers'
import { buildToken, created, newToken, notFound, offline } from '@/testkit/flows/feed-tokens/feed-tokens.model'
import { settle } from '@/testkit/settle'
import { expectTryAgainAfterFailure } from '@/tests/support/try-again'

/** Feed tokens: Try again after a failed load, which token 'Revoke' picks, and the Revoke dialog while its request is out. */
function feedTokens(loads: (FeedToken[] | Error)[], revokes: (void | Error)[] = []) {
  const load = answersInTurn<FeedToken[]>(loads)
  const revoke = answersInTurn<void, { tokenId: string }>(revokes)
  const actor = createActor(
    feedTokensMachine.provide({
      actors: { loadTokens: load.logic, createToken: answersInTurn<CreatedFeedToken, CreateFeedTokenRequest>([created]).logic, revokeToken: revoke.logic },
    }),
  ).start()
  return { actor, loads: load.asked, revoked: revoke.asked }
}

describe('Feed tokens', () => {
  it('loads the tokens again on Try again after a failed load', async () => {
    const page = feedTokens([new Error(offline), [buildToken]])
    await expectTryAgainAfterFailure(page, offline, 'tokens.reload')
    expect(page.actor.getSnapshot().value).toEqual({ ready: 'shown' })
    expect(page.actor.getSnapshot().context.tokens).toEqual([buildToken])
    expect(page.actor.getSnapshot().context.error).toBeNull()
  })

  it('asks to revoke any listed token, not only when it is the only one', async () => {
    const page = feedTokens([[newToken, buildToken]], [undefined])
    await settle()
    page.actor.send({ type: 'revoke.request', token: buildToken })
    expect(page.actor.getSnapshot().value).toEqual({ ready: { dialog: { revoking: 'confirming' } } })
    page.actor.send({ type: 'revoke.confirm' })
    await settle()
    expect(page.revoked).toEqual([{ tokenId: 'ft_build' }])
    expect(page.actor.getSnapshot().value).toEqual({ ready: 'shown' })
    expect(page.actor.getSnapshot().context.tokens).toEqual([newToken])
  })

  it('keeps the Revoke dialog open while the revoke is out, then says why it failed', async () => {
    const page = feedTokens([[buildToken]], [new Error(notFound)])
    await settle()
    page.actor.send({ type: 'revoke.request', token: buildToken })
    page.actor.send({ type: 'revoke.confirm' })
    expect(page.actor.getSnapshot().can({ type: 'dialog.close' })).toBe(false)
    page.actor.send({ type: 'dialog.close' })
    expect(page.actor.getSnapshot().value).toEqual({ ready: { dialog: { revoking: 'removing' } } })
    await settle()
    expect(page.actor.getSnapshot().value).toEqual({ ready: { dialog: { revoking: 'confirming' } } })
    expect(page.actor.getSnapshot().context.error).toBe(notFound)
    expect(page.actor.getSnapshot().context.tokens).toEqual([buildToken])
  })
})
