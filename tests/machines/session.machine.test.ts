import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { sessionMachine, type SignInIdentity } from '../../machines/session.machine'
import type { Account } from '../../common/contract'
import { expectContexts, type ContextTable, expectContextTableCoversMachine } from '../support/context-table'
import { describePath, planPaths } from '../../testkit/model/paths'
import { replayPath } from '../support/run-paths'
import { account, identity, sessionModel } from '../../testkit/models/session.model'
import { settle } from '../../testkit/settle'

const plan = planPaths(sessionModel)

/** Cara, as her ID token names her. */
const cara: SignInIdentity = { firstName: 'Cara', lastName: 'Commercial', email: 'commercial@example.com', oid: 'oid-cara' }

const contexts: ContextTable<{ identity: SignInIdentity; account: Account | null }> = {
  'session.loading': { identity: cara, account: null },
  // The account as loaded, or as the Profile page last saved it (the model renames Cara to Caroline).
  'session.ready': (sent) => ({ identity: cara, account: sent.some((event) => event.type === 'account.changed') ? { ...account, firstName: 'Caroline' } : account }),
  'session.failed': { identity: cara, account: null },
}

describe('session machine: generated paths', () => {
  it('says what the context holds in every state', () => expectContextTableCoversMachine(contexts as ContextTable<unknown>, sessionMachine))
  for (const path of plan.paths) {
    it(`replays ${describePath(path.steps)}`, () => replayPath(sessionMachine, path, { actors: sessionModel.actors, serialize: plan.serialize, expectations: expectContexts(contexts, path) }))
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
