import { describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback, fromPromise, type EventObject } from 'xstate'
import { authMachine, type AuthEvent, type LoginInput, type SessionCheck, type StartupOutput } from '../../machines/auth.machine'
import type { AuthFailure, InteractionType, SignedInAccount } from '../../machines/auth.types'
import { expectContexts, expectContextTableCoversMachine, type ContextTable } from '../support/context-table'
import { describePath, planPaths } from '../../testkit/model/paths'
import { replayPath } from '../support/run-paths'
import { authModel, cara, forgotPassword, paula, startup } from '../../testkit/models/auth.model'
import { settle } from '../../testkit/settle'

const plan = planPaths(authModel)

/** What the sign-in flow holds: the active account, the sign-in or token request it carries out, the error shown. */
interface Held {
  activeAccount: SignedInAccount | null
  pendingLogin: LoginInput | null
  pendingToken: { interactionType: InteractionType; scopes: string[]; returnPath?: string } | null
  error: string | null
}

/** The interaction in progress, as spec section 4 lists them (handling the redirect is part of startup). */
type Interaction = 'startup' | 'none' | 'checkingSession' | 'login' | 'ssoSilent' | 'acquireToken' | 'logout'

interface Reference {
  interaction: Interaction
  held: Held
}

/** The sign-in errors of spec section 8, as the spec words them. */
const invalidInteractionType = 'Invalid interaction type'
const interactionInProgress = 'Cannot fall back to interaction because another interaction is in progress'

const interactionTypes: readonly string[] = ['redirect', 'popup', 'silent']
const nothingHeld: Held = { activeAccount: null, pendingLogin: null, pendingToken: null, error: null }
/** Where each actor's answer is awaited; an answer anywhere else changes nothing. */
const awaitedIn: Record<string, Interaction> = {
  startup: 'startup',
  login: 'login',
  ssoSilent: 'ssoSilent',
  acquireTokenInteractive: 'acquireToken',
  logout: 'logout',
  checkSession: 'checkingSession',
}

/**
 * Spec section 4 as a fold over the events the test sent: where the sign-in interaction is, and
 * what it holds. Written from the spec, independently of the machine: it never runs the machine
 * or its actions.
 */
const reference = (sent: readonly EventObject[]) => sent.reduce(after, { interaction: 'startup', held: nothingHeld } satisfies Reference)

function after(now: Reference, sent: EventObject): Reference {
  const to = (interaction: Interaction, changes: Partial<Held> = {}): Reference => ({ interaction, held: { ...now.held, ...changes } })
  const stay = (changes: Partial<Held>) => to(now.interaction, changes)
  const answer = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(sent.type)?.[2]
  if (answer) return awaitedIn[answer] === now.interaction ? answered(now, answer, sent as EventObject & { output?: unknown; error?: AuthFailure }) : now
  const event = sent as AuthEvent
  const free = now.interaction === 'none'
  switch (event.type) {
    // After a successful sign-in or token acquisition, the account in MSAL's event becomes active;
    // someone else signed in in another tab signs this tab out rather than mix two people.
    case 'msal.login.success': {
      const active = now.held.activeAccount
      return active && active.homeAccountId !== event.account.homeAccountId ? to('none', nothingHeld) : stay({ activeAccount: event.account, error: null })
    }
    case 'msal.acquireToken.success':
      return stay({ activeAccount: event.account, error: null })
    case 'msal.acquireToken.failure':
      return now.interaction === 'acquireToken' && event.interaction !== 'silent' ? to('none', { error: event.failure.errorMessage }) : now
    // Another tab signed out: nothing of the account stays. This tab's own sign-out goes on until MSAL's
    // logout end, which comes only when MSAL does not leave for the provider: the person is signed out all the same.
    case 'msal.logout.success':
      return now.interaction === 'logout' ? now : to('none', nothingHeld)
    case 'msal.logout.end':
      return now.interaction === 'logout' ? to('none', nothingHeld) : now
    case 'page.visible':
      return free && now.held.activeAccount ? to('checkingSession') : now
    case 'error.dismiss':
      return stay({ error: null })
    // Interactive calls start only when no interaction is in progress; an unknown interaction type starts nothing.
    case 'login.request':
      if (!free) return stay({ error: interactionInProgress })
      if (!interactionTypes.includes(event.interactionType)) return stay({ error: invalidInteractionType })
      return to('login', { pendingLogin: { interactionType: event.interactionType as InteractionType, policy: event.policy ?? 'signUpSignIn', returnPath: event.returnPath }, error: null })
    case 'token.request': {
      const known = interactionTypes.includes(event.interactionType)
      const pendingToken = { interactionType: event.interactionType as InteractionType, scopes: event.scopes, returnPath: event.returnPath }
      if (free && event.interactionType === 'silent') return to('ssoSilent')
      if (free) return known ? to('acquireToken', { pendingToken }) : stay({ error: invalidInteractionType })
      // A session check that cannot renew silently hands over to an interactive token request.
      if (now.interaction === 'checkingSession' && known && event.interactionType !== 'silent') return to('acquireToken', { pendingToken })
      return stay({ error: interactionInProgress })
    }
    case 'logout.request':
      return free || now.interaction === 'checkingSession' ? to('logout') : stay({ error: interactionInProgress })
    default:
      return now
  }
}

/** An actor's answer, in the interaction that awaits it: every answer but a redirect's ends the interaction. */
function answered(now: Reference, actor: string, { output, error }: { output?: unknown; error?: AuthFailure }): Reference {
  const none = (changes: Partial<Held> = {}): Reference => ({ interaction: 'none', held: { ...now.held, ...changes } })
  const login = (pendingLogin: LoginInput): Reference => ({ interaction: 'login', held: { ...now.held, pendingLogin } })
  if (error) {
    // B2C answers 'Forgot your password?' with AADB2C90118: the password-reset policy follows.
    if (actor === 'startup' && error.errorMessage.includes('AADB2C90118')) return login({ interactionType: 'redirect', policy: 'passwordReset' })
    // Not signed in at the provider, or a session check failing for a reason the user cannot help with: nothing to show.
    if (actor === 'ssoSilent' || actor === 'checkSession') return none()
    return none({ error: error.errorMessage })
  }
  switch (actor) {
    case 'startup': {
      const { activeAccount, accounts, returnedPolicy, returnPath } = output as StartupOutput
      if (returnedPolicy === 'passwordReset') return login({ interactionType: 'redirect', policy: 'signUpSignIn', returnPath })
      // If no account is active but accounts exist, the first becomes active.
      return none({ activeAccount: activeAccount ?? accounts[0] ?? null })
    }
    case 'ssoSilent':
      return none({ activeAccount: output as SignedInAccount, error: null })
    // A redirect leaves the page (no account comes back); MSAL's own success event is what makes an account active.
    case 'login':
    case 'acquireTokenInteractive':
      return output === null ? now : none()
    case 'checkSession':
      return (output as SessionCheck) === 'signedOut' ? none(nothingHeld) : none()
    default:
      return now
  }
}

/** The row of a state the reference must agree the flow is in: the context the reference holds. */
const heldIn =
  (interaction: Interaction) =>
  (sent: readonly EventObject[]): Held => {
    const expected = reference(sent)
    expect(expected.interaction, 'the interaction by the reference').toBe(interaction)
    return expected.held
  }

const contexts: ContextTable<Held> = {
  'auth.startup.initializing': heldIn('startup'),
  'auth.startup.handleRedirect': heldIn('startup'),
  'auth.none': heldIn('none'),
  'auth.checkingSession': heldIn('checkingSession'),
  // Passed through on the way to none: the account, its requests and its error are forgotten.
  'auth.signedOut': nothingHeld,
  'auth.login': heldIn('login'),
  'auth.ssoSilent': heldIn('ssoSilent'),
  'auth.acquireToken': heldIn('acquireToken'),
  'auth.logout': heldIn('logout'),
}

describe('auth machine: generated paths', () => {
  it('says what the context holds in every state', () => expectContextTableCoversMachine(contexts as ContextTable<unknown>, authMachine))
  it('reaches every state and transition', () => {
    expect(plan.coverage.states.missing).toEqual([])
    expect(plan.coverage.transitions.missing).toEqual([])
  })

  for (const path of plan.paths) {
    it(`replays ${describePath(path.steps)}`, () => {
      replayPath(authMachine, path, { actors: authModel.actors, serialize: plan.serialize, expectations: expectContexts(contexts, path) })
    })
  }
})

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

  it('makes the first account active at startup when none is active', async () => {
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

  it("answers an unknown interaction type with 'Invalid interaction type'", async () => {
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
