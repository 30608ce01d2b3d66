import type { EventObject } from 'xstate'
import { answerOf, type Expected, type Oracle, type Relation } from '@/testkit/model/oracle'

// The words of sign-in this reference reads, declared here as MSAL and spec section 4 name them:
// it shares no type with the machine.
/** A person MSAL knows (only what tells two people apart is read). */
type Account = { homeAccountId: string }
type Interaction = 'redirect' | 'popup' | 'silent'
type Policy = 'signUpSignIn' | 'passwordReset'
interface LoginRequest {
  interactionType: Interaction
  policy: Policy
  returnPath?: string
}
/** An MSAL failure: its message is what the page shows. */
type Failure = { errorMessage: string }
/** What MSAL's start gives: the active account, every account, the policy a redirect returned from. */
type Started = { activeAccount: Account | null; accounts: Account[]; returnedPolicy: Policy | null; returnPath?: string }
/** The events the reference reads: MSAL's, the page's, and the app's requests. */
type SignInEvent =
  | { type: 'msal.handleRedirect.start' | 'msal.handleRedirect.end' | 'msal.logout.success' | 'msal.logout.end' | 'page.visible' | 'error.dismiss' | 'logout.request' }
  | { type: 'msal.login.success' | 'msal.acquireToken.success'; account: Account }
  | { type: 'msal.acquireToken.failure'; interaction: string; failure: Failure }
  | { type: 'login.request'; interactionType: string; policy?: Policy; returnPath?: string }
  | { type: 'token.request'; interactionType: string; scopes: string[]; returnPath?: string }

/** What the sign-in flow holds: the active account, the sign-in or token request it carries out, the error shown. */
export interface AuthHeld {
  activeAccount: Account | null
  pendingLogin: LoginRequest | null
  pendingToken: { interactionType: Interaction; scopes: string[]; returnPath?: string } | null
  error: string | null
}

/** The sign-in errors of spec section 8, as the spec words them. */
const invalidInteractionType = 'Invalid interaction type'
const interactionInProgress = 'Cannot fall back to interaction because another interaction is in progress'

const interactionTypes: readonly string[] = ['redirect', 'popup', 'silent']
const nothingHeld: AuthHeld = { activeAccount: null, pendingLogin: null, pendingToken: null, error: null }
/**
 * Where sign-in stands: spec section 4's interaction states, in its words, and issue 8's check of
 * the session when a page comes back to the foreground (decision 0008).
 */
const said = {
  startup: 'startup',
  handleRedirect: 'handle redirect',
  none: 'none: no interaction in progress',
  login: 'login',
  acquireToken: 'acquire token',
  silentSignIn: 'silent sign-in',
  logout: 'logout',
  checkingSession: 'back in the foreground, the session checked',
} as const
const a = 'auth'
/**
 * The states of machines/auth.machine.ts that realise each of the oracle's (decision 0061): the
 * forgetting of a sign-out elsewhere, passed through on the way to none, reads as none.
 */
export const relation = {
  [said.startup]: `${a}.startup.initializing`,
  [said.handleRedirect]: `${a}.startup.handleRedirect`,
  [said.none]: [`${a}.none`, `${a}.signedOut`],
  [said.login]: `${a}.login`,
  [said.acquireToken]: `${a}.acquireToken`,
  [said.silentSignIn]: `${a}.ssoSilent`,
  [said.logout]: `${a}.logout`,
  [said.checkingSession]: `${a}.checkingSession`,
} satisfies Relation
/** Where each actor's answer is awaited (MSAL starts, and may read a redirect's answer meanwhile); an answer anywhere else changes nothing. */
const awaitedIn: Record<string, string | readonly string[]> = {
  startup: [said.startup, said.handleRedirect],
  login: said.login,
  ssoSilent: said.silentSignIn,
  acquireTokenInteractive: said.acquireToken,
  logout: said.logout,
  checkSession: said.checkingSession,
}

/**
 * Spec section 4's sign-in interaction states (startup, handle redirect, none, login, acquire
 * token, silent sign-in, logout) and the product's session check: interactive calls start only when
 * no interaction is in progress; the account of a successful sign-in or token acquisition becomes
 * active; at startup the first account becomes active when none is. Signed out in another tab (or
 * someone else signed in there), nothing of the account stays.
 */
export const authOracle: Oracle<void, AuthHeld> = {
  relation,
  start: () => ({ state: said.startup, held: nothingHeld }),
  after: (now, sent) => {
    const to = (state: string, changes: Partial<AuthHeld> = {}): Expected<AuthHeld> => ({ state, held: { ...now.held, ...changes } })
    const stay = (changes: Partial<AuthHeld>) => to(now.state, changes)
    if (signsOut(now, sent)) return to(said.none, nothingHeld)
    const answer = answerOf(sent, now.state, awaitedIn)
    if (answer) return answer.awaited ? answered(now, answer.actor, answer.done ? { output: answer.output } : { error: answer.error as Failure }) : now
    const event = sent as SignInEvent
    const free = now.state === said.none
    switch (event.type) {
      case 'msal.handleRedirect.start':
        return now.state === said.startup ? to(said.handleRedirect) : now
      case 'msal.handleRedirect.end':
        return now.state === said.handleRedirect ? to(said.startup) : now
      // After a successful sign-in or token acquisition, the account in MSAL's event becomes active.
      case 'msal.login.success':
      case 'msal.acquireToken.success':
        return stay({ activeAccount: event.account, error: null })
      case 'msal.acquireToken.failure':
        return now.state === said.acquireToken && event.interaction !== 'silent' ? to(said.none, { error: event.failure.errorMessage }) : now
      case 'page.visible':
        return free && now.held.activeAccount ? to(said.checkingSession) : now
      case 'error.dismiss':
        return stay({ error: null })
      // Interactive calls start only when no interaction is in progress; an unknown interaction type starts nothing.
      case 'login.request':
        if (!free) return stay({ error: interactionInProgress })
        if (!interactionTypes.includes(event.interactionType)) return stay({ error: invalidInteractionType })
        return to(said.login, { pendingLogin: { interactionType: event.interactionType as Interaction, policy: event.policy ?? 'signUpSignIn', returnPath: event.returnPath }, error: null })
      case 'token.request': {
        const known = interactionTypes.includes(event.interactionType)
        const pendingToken = { interactionType: event.interactionType as Interaction, scopes: event.scopes, returnPath: event.returnPath }
        if (free && event.interactionType === 'silent') return to(said.silentSignIn)
        if (free) return known ? to(said.acquireToken, { pendingToken }) : stay({ error: invalidInteractionType })
        // A session check that cannot renew silently hands over to an interactive token request.
        if (now.state === said.checkingSession && known && event.interactionType !== 'silent') return to(said.acquireToken, { pendingToken })
        return stay({ error: interactionInProgress })
      }
      case 'logout.request':
        return free || now.state === said.checkingSession ? to(said.logout) : stay({ error: interactionInProgress })
      default:
        return now
    }
  },
  effects: (now, sent) => {
    if (signsOut(now, sent)) return [leavesAccountArea]
    const answer = answerOf(sent, now.state, awaitedIn)
    if (answer) return answer.awaited && answer.done ? answeredEffects(answer.actor, answer.output) : []
    const event = sent as SignInEvent
    // The account in MSAL's success event is the one MSAL must hold active.
    return event.type === 'msal.login.success' || event.type === 'msal.acquireToken.success' ? [madeActive(event.account)] : []
  },
}

/** MSAL is told which account is active (none: nobody), so its silent token calls act for that person (an effect: decision 0076). */
export const madeActive = (account: Account | null) => `MSAL's active account: ${account?.homeAccountId ?? 'none'}`

/** At startup, the active account MSAL kept, or else the first account it knows. */
const firstActive = ({ activeAccount, accounts }: Started) => activeAccount ?? accounts[0] ?? null

/** What an awaited actor's answer does beyond the page: an account signed in becomes MSAL's active one. */
function answeredEffects(actor: string, output: unknown): string[] {
  switch (actor) {
    case 'startup': {
      const started = output as Started
      // Back from the provider (a sign-in's redirect ended), the page the sign-in was asked from shows again.
      return started.returnedPolicy === 'passwordReset' ? [] : [madeActive(firstActive(started)), returnsTo(started.returnPath)]
    }
    case 'ssoSilent':
      return [madeActive(output as Account)]
    // A popup's sign-in comes back with the account; a redirect leaves the page (null).
    case 'login':
      return output === null ? [] : [madeActive(output as Account)]
    default:
      return []
  }
}

/** Back from the provider, the page the sign-in was asked from (none: the page it started on) shows (an effect: decision 0076). */
export const returnsTo = (returnPath: string | undefined) => `back on ${returnPath ?? 'the page it started on'}`

/** Signed out in this tab, the account area leaves for '/' with a fresh page (an effect: decision 0076). */
export const leavesAccountArea = "the account area leaves for '/' with a fresh page"

/**
 * Whether the event signs the person out in this tab, nothing of the account staying: another tab
 * signed out, or someone else signed in there (rather than mix two people); this tab's own sign-out
 * ended without leaving for the provider (MSAL's logout end: signed out all the same); a session
 * check found the account gone.
 */
function signsOut(now: Expected<AuthHeld>, sent: EventObject): boolean {
  const answer = answerOf(sent, now.state, awaitedIn)
  if (answer) return answer.awaited && answer.actor === 'checkSession' && answer.done && answer.output === 'signedOut'
  const event = sent as SignInEvent
  const active = now.held.activeAccount
  switch (event.type) {
    case 'msal.login.success':
      return Boolean(active && active.homeAccountId !== event.account.homeAccountId)
    case 'msal.logout.success':
      return now.state !== said.logout
    case 'msal.logout.end':
      return now.state === said.logout
    default:
      return false
  }
}

/** An actor's answer, in the interaction that awaits it: every answer but a redirect's ends the interaction. */
function answered(now: Expected<AuthHeld>, actor: string, { output, error }: { output?: unknown; error?: Failure }): Expected<AuthHeld> {
  const none = (changes: Partial<AuthHeld> = {}): Expected<AuthHeld> => ({ state: said.none, held: { ...now.held, ...changes } })
  const login = (pendingLogin: LoginRequest): Expected<AuthHeld> => ({ state: said.login, held: { ...now.held, pendingLogin } })
  if (error) {
    // B2C answers 'Forgot your password?' with AADB2C90118: the password-reset policy follows.
    if (actor === 'startup' && error.errorMessage.includes('AADB2C90118')) return login({ interactionType: 'redirect', policy: 'passwordReset' })
    // Not signed in at the provider, or a session check failing for a reason the user cannot help with: nothing to show.
    if (actor === 'ssoSilent' || actor === 'checkSession') return none()
    return none({ error: error.errorMessage })
  }
  switch (actor) {
    case 'startup': {
      const started = output as Started
      if (started.returnedPolicy === 'passwordReset') return login({ interactionType: 'redirect', policy: 'signUpSignIn', returnPath: started.returnPath })
      // If no account is active but accounts exist, the first becomes active.
      return none({ activeAccount: firstActive(started) })
    }
    case 'ssoSilent':
      return none({ activeAccount: output as Account, error: null })
    // A redirect leaves the page (no account comes back); MSAL's own success event is what makes an account active.
    case 'login':
    case 'acquireTokenInteractive':
      return output === null ? now : none()
    // A session check that found the account gone signed the person out (signsOut).
    case 'checkSession':
      return none()
    default:
      return now
  }
}
