import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, fromPromise } from 'xstate'
import { authMachine, type StartupOutput } from '../../machines/auth.machine'
import type { SignedInAccount } from '../../machines/auth.types'

/** Spec section 4: which account is active, and the sign-in requests that may start. */
const ada: SignedInAccount = { homeAccountId: 'ada-home', localAccountId: 'ada', username: 'ada@example.com' }
const bob: SignedInAccount = { homeAccountId: 'bob-home', localAccountId: 'bob', username: 'bob@example.com' }

async function startedWith(output: StartupOutput) {
  const stored: (SignedInAccount | null)[] = []
  const left: string[] = []
  const machine = authMachine.provide({
    actors: { startup: fromPromise(async () => output), msalEvents: fromCallback(() => {}), pageVisibility: fromCallback(() => {}) },
    actions: { storeActiveAccount: (_, params) => void stored.push(params.account), leaveAccountArea: () => void left.push('left') },
  })
  const actor = createActor(machine).start()
  await new Promise((resolve) => setTimeout(resolve, 0))
  return { actor, stored, left }
}

describe('the active account', () => {
  it('is the one MSAL remembers as active', async () => {
    const { actor, stored } = await startedWith({ activeAccount: bob, accounts: [ada, bob], returnedPolicy: null })
    expect(actor.getSnapshot().context.activeAccount).toBe(bob)
    expect(stored).toEqual([bob])
  })

  it('is the first account in the cache when none is active, and none when the cache is empty', async () => {
    expect((await startedWith({ activeAccount: null, accounts: [ada, bob], returnedPolicy: null })).actor.getSnapshot().context.activeAccount).toBe(ada)
    expect((await startedWith({ activeAccount: null, accounts: [], returnedPolicy: null })).actor.getSnapshot().context.activeAccount).toBeNull()
  })

  it('follows a sign-in of the same person in another tab', async () => {
    const { actor, left } = await startedWith({ activeAccount: ada, accounts: [ada], returnedPolicy: null })
    const adaAgain = { ...ada, name: 'Ada L.' }
    actor.send({ type: 'msal.login.success', account: adaAgain })
    expect(actor.getSnapshot().context.activeAccount).toBe(adaAgain)
    expect(left).toEqual([])
  })

  it('is forgotten, and the account area left, when another tab signs in someone else', async () => {
    const { actor, left } = await startedWith({ activeAccount: ada, accounts: [ada], returnedPolicy: null })
    actor.send({ type: 'msal.login.success', account: bob })
    expect(actor.getSnapshot().context.activeAccount).toBeNull()
    expect(left).toEqual(['left'])
  })

  it('becomes the account of a sign-in when none was signed in', async () => {
    const { actor, left } = await startedWith({ activeAccount: null, accounts: [], returnedPolicy: null })
    actor.send({ type: 'msal.login.success', account: bob })
    expect(actor.getSnapshot().context.activeAccount).toBe(bob)
    expect(left).toEqual([])
  })
})

describe('a sign-in request', () => {
  it("is refused with the spec's text when its interaction type is unknown", async () => {
    const { actor } = await startedWith({ activeAccount: null, accounts: [], returnedPolicy: null })
    actor.send({ type: 'login.request', interactionType: 'carrier-pigeon' })
    expect(actor.getSnapshot().context.error).toBe('Invalid interaction type')
    expect(actor.getSnapshot().value).toBe('none')
  })
})
