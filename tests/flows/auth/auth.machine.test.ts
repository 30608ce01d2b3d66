import { describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback, fromPromise } from 'xstate'
import { authMachine, type LoginInput, type SessionCheck, type StartupOutput } from '@/machines/auth.machine'
import type { SignedInAccount } from '@/machines/auth.types'
import { cara, forgotPassword, paula, startup } from '@/testkit/flows/auth/auth.model'
import { settle } from '@/testkit/settle'

describe('auth machine: rules of spec section 4', () => {
  function start(
    startupResult: Promise<StartupOutput>,
    login = vi.fn((_input: LoginInput) => new Promise<never>(() => {})),
    checkSession = vi.fn((_input: { account: unknown }) => new Promise<SessionCheck>(() => {})),
  ) {
    const storeActiveAccount = vi.fn()
    const returnToRequestedPage = vi.fn()
    const leaveAccountArea = vi.fn()
    const actor = createActor(
      authMachine.provide({
        actors: {
          msalEvents: fromCallback(() => {}),
          pageVisibility: fromCallback(() => {}),
          startup: fromPromise(() => startupResult),
          login: fromPromise(({ input }) => login(input)),
          checkSession: fromPromise(({ input }) => checkSession(input)),
          acquireTokenInteractive: fromPromise(() => new Promise<SignedInAccount | null>(() => {})),
        },
        actions: {
          storeActiveAccount: (_, params) => storeActiveAccount(params.account),
          returnToRequestedPage: (_, params) => returnToRequestedPage(params.returnPath),
          leaveAccountArea,
        },
      }),
    ).start()
    return { actor, storeActiveAccount, returnToRequestedPage, leaveAccountArea, login, checkSession }
  }

  it('makes the first account active at startup when none is active [S4.auth.first-account]', async () => {
    const { actor, storeActiveAccount } = start(Promise.resolve(startup({ accounts: [cara, paula] })))
    await settle()
    expect(actor.getSnapshot().value).toBe('none')
    expect(actor.getSnapshot().context.activeAccount).toEqual(cara)
    expect(storeActiveAccount).toHaveBeenCalledWith(cara)
  })

  it('keeps the active account MSAL remembers', async () => {
    const { actor } = start(Promise.resolve(startup({ activeAccount: paula, accounts: [cara, paula] })))
    await settle()
    expect(actor.getSnapshot().context.activeAccount).toEqual(paula)
  })

  it('returns to the page first asked for after a sign-in by redirect', async () => {
    const { returnToRequestedPage } = start(Promise.resolve(startup({ accounts: [cara], returnPath: '/account/profile' })))
    await settle()
    expect(returnToRequestedPage).toHaveBeenCalledWith('/account/profile')
  })

  it.each([
    ['msal.login.success', { type: 'msal.login.success', account: paula }],
    ['msal.acquireToken.success', { type: 'msal.acquireToken.success', interaction: 'silent', account: paula }],
  ] as const)('makes the account of %s active', async (_, event) => {
    const { actor, storeActiveAccount } = start(Promise.resolve(startup({})))
    await settle()
    actor.send(event)
    expect(actor.getSnapshot().context.activeAccount).toEqual(paula)
    expect(storeActiveAccount).toHaveBeenLastCalledWith(paula)
  })

  it.each([
    ['dismissed', { type: 'error.dismiss' }],
    ['followed by a sign-in', { type: 'msal.login.success', account: cara }],
    ['followed by a token acquisition', { type: 'msal.acquireToken.success', interaction: 'silent', account: paula }],
  ] as const)('clears the sign-in error shown when it is %s', async (_, event) => {
    const { actor } = start(Promise.resolve(startup({})))
    await settle()
    actor.send({ type: 'login.request', interactionType: 'telepathy' })
    expect(actor.getSnapshot().context.error).toBe('Invalid interaction type')
    actor.send(event)
    expect(actor.getSnapshot().context.error).toBeNull()
  })

  it("answers an unknown interaction type with 'Invalid interaction type' [S8.sign-in]", async () => {
    const { actor, login } = start(Promise.resolve(startup({})))
    await settle()
    actor.send({ type: 'login.request', interactionType: 'telepathy' })
    expect(actor.getSnapshot().value).toBe('none')
    expect(actor.getSnapshot().context.error).toBe('Invalid interaction type')
    expect(login).not.toHaveBeenCalled()
  })

  it('starts interactive sign-in only from none; a second request meets the in-progress error', async () => {
    const { actor, login } = start(Promise.resolve(startup({})))
    await settle()
    actor.send({ type: 'login.request', interactionType: 'redirect', returnPath: '/account/licenses' })
    actor.send({ type: 'login.request', interactionType: 'redirect' })
    actor.send({ type: 'token.request', interactionType: 'redirect', scopes: ['accounts.write'] })
    expect(actor.getSnapshot().value).toBe('login')
    expect(actor.getSnapshot().context.error).toBe('Cannot fall back to interaction because another interaction is in progress')
    expect(login).toHaveBeenCalledTimes(1)
    expect(login).toHaveBeenCalledWith({ interactionType: 'redirect', policy: 'signUpSignIn', returnPath: '/account/licenses' })
  })

  it("starts the password-reset policy when B2C answers 'Forgot your password?' (AADB2C90118)", async () => {
    const { actor, login } = start(Promise.reject(forgotPassword))
    await settle()
    expect(actor.getSnapshot().value).toBe('login')
    expect(login).toHaveBeenCalledWith({ interactionType: 'redirect', policy: 'passwordReset' })
  })

  it('signs in again with the sign-up/sign-in policy on return from the password reset', async () => {
    const { actor, login } = start(Promise.resolve(startup({ returnedPolicy: 'passwordReset', accounts: [cara], returnPath: '/account' })))
    await settle()
    expect(actor.getSnapshot().value).toBe('login')
    expect(login).toHaveBeenCalledWith({ interactionType: 'redirect', policy: 'signUpSignIn', returnPath: '/account' })
  })

  it('forgets the account and leaves the account area when another tab signs out', async () => {
    const { actor, leaveAccountArea, storeActiveAccount } = start(Promise.resolve(startup({ accounts: [cara] })))
    await settle()
    storeActiveAccount.mockClear()
    actor.send({ type: 'msal.logout.success' })
    expect(actor.getSnapshot().value).toBe('none')
    expect(actor.getSnapshot().context.activeAccount).toBeNull()
    expect(leaveAccountArea).toHaveBeenCalledTimes(1)
    // MSAL's cache was cleared by the tab that signed out; this tab writes nothing back.
    expect(storeActiveAccount).not.toHaveBeenCalled()
  })

  it('goes on with its own sign-out when MSAL reports it', async () => {
    const { actor, leaveAccountArea } = start(Promise.resolve(startup({ accounts: [cara] })))
    await settle()
    actor.send({ type: 'logout.request' })
    actor.send({ type: 'msal.logout.success' })
    expect(actor.getSnapshot().value).toBe('logout')
    expect(leaveAccountArea).not.toHaveBeenCalled()
  })

  // The generated paths end a sign-out this way only with nobody signed in, where forgetting changes nothing.
  it('forgets the account and leaves when its own sign-out ends without leaving for the provider', async () => {
    const { actor, leaveAccountArea } = start(Promise.resolve(startup({ accounts: [cara] })))
    await settle()
    actor.send({ type: 'logout.request' })
    actor.send({ type: 'msal.logout.end' })
    expect(actor.getSnapshot().value).toBe('none')
    expect(actor.getSnapshot().context.activeAccount).toBeNull()
    expect(leaveAccountArea).toHaveBeenCalledTimes(1)
  })

  it('leaves rather than mix people when another tab signs in someone else', async () => {
    const { actor, leaveAccountArea } = start(Promise.resolve(startup({ accounts: [cara] })))
    await settle()
    actor.send({ type: 'msal.login.success', account: paula })
    expect(actor.getSnapshot().context.activeAccount).toBeNull()
    expect(leaveAccountArea).toHaveBeenCalledTimes(1)
  })

  it('checks the session silently when the page comes back to the foreground, signed in only', async () => {
    const signedIn = start(
      Promise.resolve(startup({ accounts: [cara] })),
      undefined,
      vi.fn(async () => 'active' as const),
    )
    const signedOut = start(Promise.resolve(startup({})))
    await settle()
    signedIn.actor.send({ type: 'page.visible' })
    signedOut.actor.send({ type: 'page.visible' })
    expect(signedIn.checkSession).toHaveBeenCalledWith({ account: cara })
    expect(signedOut.checkSession).not.toHaveBeenCalled()
    await settle()
    expect(signedIn.actor.getSnapshot().value).toBe('none')
    expect(signedIn.actor.getSnapshot().context.activeAccount).toEqual(cara)
  })

  it('treats an account gone from the cache while in the background as signed out in another tab', async () => {
    const { actor, leaveAccountArea } = start(
      Promise.resolve(startup({ accounts: [cara] })),
      undefined,
      vi.fn(async () => 'signedOut' as const),
    )
    await settle()
    actor.send({ type: 'page.visible' })
    await settle()
    expect(actor.getSnapshot().context.activeAccount).toBeNull()
    expect(leaveAccountArea).toHaveBeenCalledTimes(1)
  })

  it('lets the check send the user to sign in again, back to the same page, when the session cannot be renewed', async () => {
    const { actor } = start(Promise.resolve(startup({ accounts: [cara] })))
    await settle()
    actor.send({ type: 'page.visible' })
    actor.send({ type: 'token.request', interactionType: 'redirect', scopes: ['accounts.read'], returnPath: '/account/profile' })
    expect(actor.getSnapshot().value).toBe('acquireToken')
    expect(actor.getSnapshot().context.pendingToken).toEqual({ interactionType: 'redirect', scopes: ['accounts.read'], returnPath: '/account/profile' })
    expect(actor.getSnapshot().context.error).toBeNull()
  })

  it('shows no error when the check fails for a reason the user cannot help with', async () => {
    const { actor } = start(
      Promise.resolve(startup({ accounts: [cara] })),
      undefined,
      vi.fn(() => Promise.reject(new Error('offline'))),
    )
    await settle()
    actor.send({ type: 'page.visible' })
    await settle()
    expect(actor.getSnapshot().value).toBe('none')
    expect(actor.getSnapshot().context.error).toBeNull()
    expect(actor.getSnapshot().context.activeAccount).toEqual(cara)
  })
})
