import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, type SnapshotFrom } from 'xstate'
import { sessionMachine } from '../../machines/session.machine'
import { describePath, planPaths } from '../model/paths'
import { replayPath } from '../model/run'
import { account, identity, sessionModel } from './session.model'

const plan = planPaths(sessionModel)

function expectations(snapshot: SnapshotFrom<typeof sessionMachine>) {
  // The account area shows the account only once it has loaded.
  expect(snapshot.matches('ready')).toBe(snapshot.context.account !== null)
}

describe('session machine: generated paths', () => {
  for (const path of plan.paths) {
    it(`replays ${describePath(path.steps)}`, () => replayPath(sessionMachine, path, { actors: sessionModel.actors, serialize: plan.serialize, expectations }))
  }
})

describe('session machine', () => {
  it('loads the account with the identity of the ID token', async () => {
    const loadAccount = vi.fn(async (_identity: typeof identity) => account)
    const actor = createActor(sessionMachine.provide({ actors: { loadAccount: fromPromise(({ input }) => loadAccount(input)) } }), { input: { identity } }).start()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(loadAccount).toHaveBeenCalledWith(identity)
    expect(actor.getSnapshot().value).toBe('ready')
    expect(actor.getSnapshot().context.account).toEqual(account)
  })

  it("sends the user to '/' when the account cannot load", async () => {
    const goHome = vi.fn()
    createActor(sessionMachine.provide({ actors: { loadAccount: fromPromise(() => Promise.reject(new Error('down'))) }, actions: { goHome } }), { input: { identity } }).start()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(goHome).toHaveBeenCalledTimes(1)
  })
})
