import type { EventObject } from 'xstate'
import type { Account, License } from '@/common/contract'
import type { Organisation } from '@/common/organisation-contract'
import { answerOf, leavesOf, onFailure, shownMessage, type Expected, type Oracle, type Relation, type State } from '@/testkit/model/oracle'

// The words this reference reads, declared here (it shares no type with the machine).
/** Who signed in, as the identity provider's token names them. */
type SignInIdentity = { firstName: string; lastName: string; email: string; oid: string }
/** My Licenses' first page, asked beside the account: not asked, on its way, its cards, or why it failed. */
type FirstLicensesHeld = { licenses: License[] } | { error: string } | 'loading' | null

/** What the session holds: who signed in, their account and their organisation once loaded, and My Licenses' first page until it is taken. */
export interface SessionHeld {
  identity: SignInIdentity
  account: Account | null
  organisation: Organisation | null
  firstLicenses: FirstLicensesHeld
}

/**
 * Where the account area stands, in spec section 4's words ('the signed-in account is loaded on
 * start; on failure the user goes to /') and issues 30 and 43's: while it loads, the account, the
 * organisation and My Licenses' first page each stand on their own.
 */
const said = {
  account: { loading: 'the signed-in account loading', loaded: 'the signed-in account loaded' },
  organisation: { loading: 'the organisation and role loading', loaded: 'the organisation and role loaded' },
  firstPageAsked: 'My Licenses’ first page asked for beside them',
  noFirstPage: 'no first page asked for',
  failed: 'sent to the site root',
  ready: 'the account area shown',
} as const
const l = 'session.loading'
/**
 * The states of machines/session.machine.ts that realise each of the oracle's (decision 0061), the
 * loading's regions one by one; the choice of asking for the first page is made as the area starts,
 * before anything is drawn, and reads as none asked until made.
 */
export const relation = {
  [said.account.loading]: `${l}.account.loading`,
  [said.account.loaded]: `${l}.account.loaded`,
  [said.organisation.loading]: `${l}.organisation.loading`,
  [said.organisation.loaded]: `${l}.organisation.loaded`,
  [said.firstPageAsked]: `${l}.licenses.asked`,
  [said.noFirstPage]: [`${l}.licenses.choosing`, `${l}.licenses.notNeeded`],
  [said.failed]: 'session.failed',
  [said.ready]: 'session.ready',
} satisfies Relation
const parts = { loadAccount: 'account', loadOrganisation: 'organisation' } as const
/** Where the account's and the organisation's answers are awaited. */
const loadingParts = { loadAccount: said.account.loading, loadOrganisation: said.organisation.loading }
/** The account area could not load: the user is sent to '/' (an effect: decision 0076). */
export const sentHome = "the user sent to '/'"
const stillLoading: string[] = [said.account.loading, said.organisation.loading]

/** My Licenses' first page: kept when it comes while awaited, whatever the area is doing; a failure is kept for the page to show. */
function firstPageAfter(now: Expected<SessionHeld, State>, event: EventObject): Expected<SessionHeld, State> {
  const [, outcome] = /^xstate\.(done|error)\.actor\.loadLicenses$/.exec(event.type) ?? []
  if (now.held.firstLicenses !== 'loading') return now
  const { output, error } = event as EventObject & { output?: License[]; error?: unknown }
  return { state: now.state, held: { ...now.held, firstLicenses: outcome === 'done' ? { licenses: output! } : { error: shownMessage(error) } } }
}

/**
 * Spec section 4: the signed-in account is loaded on start; on failure the user goes to '/'. Issue
 * 30: the caller's organisation and role load beside it, and the area shows once both came; either
 * failing sends the user to '/'. Issue 43: when the area opens on My Licenses, its first page loads
 * beside them too, for the page to take; the area does not wait for it, and its failure is the
 * page's to show, not the session's. The Profile page's saves change the account the rest of the
 * area shows; a page that changes the caller's standing changes the organisation it shows; My
 * Licenses takes the first page once.
 */
export const sessionOracle: Oracle<{ identity: SignInIdentity; opensOnLicenses?: boolean }, SessionHeld, State> = {
  relation,
  start: ({ identity, opensOnLicenses }) => ({
    state: [said.account.loading, said.organisation.loading, opensOnLicenses ? said.firstPageAsked : said.noFirstPage],
    held: { identity, account: null, organisation: null, firstLicenses: opensOnLicenses ? 'loading' : null },
  }),
  after: (now, event) => {
    if (/^xstate\.(done|error)\.actor\.loadLicenses$/.test(event.type)) return firstPageAfter(now, event)
    const answer = answerOf(event, now.state, loadingParts)
    if (answer) {
      if (!answer.awaited) return now
      // The area is left: nothing awaits My Licenses' first page.
      if (!answer.done) return { state: said.failed, held: { ...now.held, firstLicenses: null } }
      const part = parts[answer.actor as keyof typeof parts]
      const held = { ...now.held, [part]: answer.output }
      const leaves = leavesOf(now.state).map((leaf) => (leaf === said[part].loading ? said[part].loaded : leaf))
      // Both came: the area shows (the first page's region is done once it is asked for).
      return { state: leaves.some((leaf) => stillLoading.includes(leaf)) ? leaves : said.ready, held }
    }
    if (now.state !== said.ready) return now
    const changed = event as EventObject & { account?: Account; organisation?: Organisation }
    if (event.type === 'account.changed') return { state: now.state, held: { ...now.held, account: changed.account! } } satisfies Expected<SessionHeld, State>
    if (event.type === 'organisation.changed') return { state: now.state, held: { ...now.held, organisation: changed.organisation! } }
    if (event.type === 'licenses.taken') return { state: now.state, held: { ...now.held, firstLicenses: null } }
    return now
  },
  // The part that failed sends the user to '/', once.
  effects: (now, event) => onFailure(event, now.state, loadingParts, () => [sentHome]),
}
