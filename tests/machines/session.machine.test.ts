import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { sessionMachine } from '../../machines/session.machine'
import { describePath, planPaths } from '../../testkit/model/paths'
import { replayPath } from '../support/run-paths'
import { account, identity, sessionModel } from '../../testkit/models/session.model'
import { settle } from '../../testkit/settle'
import { sessionOracle } from '../../testkit/oracles/session.oracle'

const plan = planPaths(sessionModel)

describe('session machine: generated paths', () => {
  for (const path of plan.paths) {
    it(`replays ${describePath(path.steps)}`, () => replayPath(sessionMachine, path, { actors: sessionModel.actors, serialize: plan.serialize, oracle: sessionOracle }))
  }
})

describe('session machine', () => {
  it('loads the account with the identity of the ID token', async () => {
    const loadAccount = vi.fn(async (_identity: typeof identity) => account)
    const actor = createActor(sessionMachine.provide({ actors: { loadAccount: fromPromise(({ input }) => loadAccount(input)) } }), { input: { identity } }).start()
    await settle()
    expect(loadAccount).toHaveBeenCalledWith(identity)
    expect(actor.getSnapshot().value).toBe('ready')
    expect(actor.getSnapshot().context.account).toEqual(account)
  })

  it("sends the user to '/' when the account cannot load", async () => {
    const goHome = vi.fn()
    createActor(sessionMachine.provide({ actors: { loadAccount: fromPromise(() => Promise.reject(new Error('down'))) }, actions: { goHome } }), { input: { identity } }).start()
    await settle()
    expect(goHome).toHaveBeenCalledTimes(1)
  })
})
