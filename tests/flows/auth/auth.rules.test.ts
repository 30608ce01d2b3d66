import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, fromPromise } from 'xstate'
import { authMachine, type MsalEvent, type StartupOutput } from '@/machines/auth.machine'
import type { AuthFailure, InteractionType, SignedInAccount } from '@/machines/auth.types'
import { neverAnswers as never, startedWith } from '@/testkit/flows/auth/auth.started'
import { settle } from '@/testkit/settle'

/** Spec section 4: which account is active, and the sign-in requests that may start. */
const ada: SignedInAccount = { homeAccountId: 'ada-home', localAccountId: 'ada', username: 'ada@example.com' }
const bob: SignedInAccount = { homeAccountId: 'bob-home', localAccountId: 'bob', username: 'bob@example.com' }

describe('the active account', () => {
  it('is the one MSAL remembers as active', async () => {
    const { actor, stored } = await startedWith({ activeAccount: bob, accounts: [ada, bob], returnedPolicy: null })
    expect(actor.getSnapshot().context.activeAccount).toBe(bob)
    expect(stored).toEqual([bob])
  })

  it('is the first account in the cache when none is active, and none when the cache is empty [S4.auth.first-account]', async () => {
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

  it('becomes the account of a sign-in when none was signed in [S4.auth.active-account]', async () => {
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

const signedInAsAda: StartupOutput = { activeAccount: ada, accounts: [ada], returnedPolicy: null }

describe('an interactive sign-in or token request', () => {
  it('stays on its way when MSAL answers nothing (a redirect leaves the page), and tells MSAL nothing', async () => {
    const { actor, stored } = await startedWith(signedInAsAda, { login: fromPromise(async () => null), acquireTokenInteractive: fromPromise(async () => null) })
    actor.send({ type: 'login.request', interactionType: 'redirect' })
    await settle()
    expect(actor.getSnapshot().value).toBe('login')
    const other = await startedWith(signedInAsAda, { acquireTokenInteractive: fromPromise(async () => null) })
    other.actor.send({ type: 'token.request', interactionType: 'redirect', scopes: ['accounts.read'] })
    await settle()
    expect(other.actor.getSnapshot().value).toBe('acquireToken')
    expect([...stored, ...other.stored]).toEqual([ada, ada])
  })

  it('tells MSAL the account a popup sign-in brought; the account of a silent sign-in becomes active [S4.auth.active-account]', async () => {
    const popup = await startedWith(signedInAsAda, { login: fromPromise(async () => bob) })
    popup.actor.send({ type: 'login.request', interactionType: 'popup' })
    await settle()
    expect(popup.actor.getSnapshot().value).toBe('none')
    expect(popup.stored).toEqual([ada, bob])
    const silent = await startedWith({ activeAccount: null, accounts: [], returnedPolicy: null }, { ssoSilent: fromPromise(async () => bob) })
    silent.actor.send({ type: 'token.request', interactionType: 'silent', scopes: ['accounts.read'] })
    await settle()
    expect(silent.actor.getSnapshot().context.activeAccount).toBe(bob)
    expect(silent.stored).toEqual([null, bob])
  })

  /** An interactive token request under way, and MSAL's report of a failed token call of this kind. */
  async function awaitingPopupToken(interaction: InteractionType, failure: Pick<AuthFailure, 'errorCode' | 'errorMessage' | 'interactionRequired'>) {
    const { actor } = await startedWith(signedInAsAda, { acquireTokenInteractive: never })
    actor.send({ type: 'token.request', interactionType: 'popup', scopes: ['accounts.read'] })
    actor.send({ type: 'msal.acquireToken.failure', interaction, failure: { ...failure, refreshTokenUnusable: false } })
    return actor
  }

  it("ignores MSAL's report of a silent failure while it waits for the interactive one", async () => {
    const actor = await awaitingPopupToken('silent', { errorCode: 'login_required', errorMessage: 'Sign-in is required.', interactionRequired: true })
    expect(actor.getSnapshot().value).toBe('acquireToken')
    expect(actor.getSnapshot().context.error).toBeNull()
  })

  it('shows what MSAL reports of the interactive failure, and ends', async () => {
    const actor = await awaitingPopupToken('popup', { errorCode: 'user_cancelled', errorMessage: 'User cancelled the flow.', interactionRequired: false })
    expect(actor.getSnapshot().value).toBe('none')
    expect(actor.getSnapshot().context.error).toBe('User cancelled the flow.')
  })

  it('shows what a failure that is not MSAL’s says: an Error’s message, or the thrown value as text', async () => {
    for (const [thrown, shown] of [
      [new Error('The popup window was blocked.'), 'The popup window was blocked.'],
      ['popup blocked', 'popup blocked'],
      [null, 'null'],
    ] as const) {
      const { actor } = await startedWith(signedInAsAda, { login: fromPromise(() => Promise.reject(thrown)) })
      actor.send({ type: 'login.request', interactionType: 'popup' })
      await settle()
      expect(actor.getSnapshot().context.error).toBe(shown)
      expect(actor.getSnapshot().value).toBe('none')
    }
  })

  it('shows a startup failure that is not MSAL’s, and stays signed out', async () => {
    const machine = authMachine.provide({ actors: { startup: fromPromise(() => Promise.reject(null)), msalEvents: fromCallback(() => {}), pageVisibility: fromCallback(() => {}) } })
    const actor = createActor(machine).start()
    await settle()
    expect(actor.getSnapshot().value).toBe('none')
    expect(actor.getSnapshot().context).toMatchObject({ activeAccount: null, error: 'null' })
  })
})

describe('an interactive token request', () => {
  it('asks MSAL for the interaction, scopes and return page requested', async () => {
    const asked: unknown[] = []
    const { actor } = await startedWith(signedInAsAda, { acquireTokenInteractive: fromPromise(async ({ input }) => void asked.push(input)) })
    actor.send({ type: 'token.request', interactionType: 'popup', scopes: ['accounts.read'], returnPath: '/account/profile' })
    await settle()
    expect(asked).toEqual([{ interactionType: 'popup', scopes: ['accounts.read'], returnPath: '/account/profile' }])
  })

  it('ends when the popup brings the account back: another request may start', async () => {
    const { actor } = await startedWith(signedInAsAda, { acquireTokenInteractive: fromPromise(async () => bob) })
    actor.send({ type: 'token.request', interactionType: 'popup', scopes: ['accounts.read'] })
    await settle()
    expect(actor.getSnapshot().value).toBe('none')
    expect(actor.getSnapshot().context.error).toBeNull()
  })
})

describe('a silent sign-in', () => {
  it('that fails ends quietly: not signed in at the provider is an answer, and another request may start', async () => {
    const { actor } = await startedWith({ activeAccount: null, accounts: [], returnedPolicy: null }, { ssoSilent: fromPromise(() => Promise.reject(new Error('login_required'))) })
    actor.send({ type: 'token.request', interactionType: 'silent', scopes: ['accounts.read'] })
    await settle()
    expect(actor.getSnapshot().value).toBe('none')
    expect(actor.getSnapshot().context).toMatchObject({ activeAccount: null, error: null })
  })
})

describe("MSAL's reports", () => {
  /** The flow whose MSAL events the test sends, as MSAL's callback would; its startup waits until `answer`. */
  function listening() {
    const sent: ((event: MsalEvent) => void)[] = []
    let answer: (output: StartupOutput) => void = () => {}
    const left: string[] = []
    const machine = authMachine.provide({
      actors: {
        startup: fromPromise<StartupOutput, void>(() => new Promise((resolve) => (answer = resolve))),
        msalEvents: fromCallback(({ sendBack }) => void sent.push(sendBack)),
        pageVisibility: fromCallback(() => {}),
      },
      actions: { leaveAccountArea: () => void left.push('left') },
    })
    const actor = createActor(machine).start()
    return { actor, left, msal: (event: MsalEvent) => sent.forEach((send) => send(event)), answer: (output: StartupOutput) => answer(output) }
  }

  it('are heard: another tab signing out forgets the account and leaves the account area', async () => {
    const { actor, left, msal, answer } = listening()
    answer(signedInAsAda)
    await settle()
    msal({ type: 'msal.logout.success' })
    expect(actor.getSnapshot().context.activeAccount).toBeNull()
    expect(left).toEqual(['left'])
  })

  it('handling the answer of a sign-in by redirect lasts until MSAL says it ended', () => {
    const { actor, msal } = listening()
    msal({ type: 'msal.handleRedirect.start' })
    expect(actor.getSnapshot().value).toEqual({ startup: 'handleRedirect' })
    msal({ type: 'msal.handleRedirect.end' })
    expect(actor.getSnapshot().value).toEqual({ startup: 'initializing' })
  })
})

describe('while the session is checked (back in the foreground)', () => {
  it('hands over only to an interactive token request; a silent or unknown one is refused as an interaction in progress [S8.sign-in]', async () => {
    for (const interactionType of ['silent', 'carrier-pigeon']) {
      const { actor } = await startedWith(signedInAsAda, { checkSession: never })
      actor.send({ type: 'page.visible' })
      actor.send({ type: 'token.request', interactionType, scopes: ['accounts.read'] })
      expect(actor.getSnapshot().value).toBe('checkingSession')
      expect(actor.getSnapshot().context.error).toBe('Cannot fall back to interaction because another interaction is in progress')
    }
  })
})

describe('signing out', () => {
  it('signs out the active account at the provider', async () => {
    const signedOut: unknown[] = []
    const { actor } = await startedWith(signedInAsAda, { logout: fromPromise(async ({ input }) => void signedOut.push(input)) })
    actor.send({ type: 'logout.request' })
    await settle()
    expect(signedOut).toEqual([{ account: ada }])
  })
})
