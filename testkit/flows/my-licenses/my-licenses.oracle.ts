import type { EventObject } from 'xstate'
import type { License } from '@/common/contract'
import { answerOf, shownMessage, onAnswer, type Expected, type Oracle, type Relation } from '@/testkit/model/oracle'

/** What My Licenses holds: the cards, and why they could not load. */
export interface MyLicensesHeld {
  licenses: License[]
  error: string | null
}

/** What the session had of the first page it asked for, when it came. */
type FirstPageFound = { found: 'licenses'; licenses: License[] } | { found: 'failure'; message: string } | { found: 'none' }

/** Where My Licenses stands, in spec section 2's words and issue 43's (the first page the session asked for). */
const said = {
  takingFirstPage: 'the cards loading, asked for by the session',
  loading: 'the cards loading',
  failed: 'the cards not loaded',
  licensed: 'a card per license',
  empty: 'No Licenses Assigned',
} as const
const m = 'myLicenses'
/**
 * The states of machines/my-licenses.machine.ts that realise each of the oracle's (decision 0061):
 * the page's choice between the session's first page and its own is made as it starts, before
 * anything is drawn, and reads as loading.
 */
export const relation = {
  [said.takingFirstPage]: `${m}.takingFirstPage`,
  [said.loading]: [`${m}.opening`, `${m}.loading`],
  [said.failed]: `${m}.failed`,
  [said.licensed]: `${m}.licensed`,
  [said.empty]: `${m}.empty`,
} satisfies Relation
const awaitedIn = { loadLicenses: said.loading, awaitFirstPage: said.takingFirstPage }

/** The cards, or 'No Licenses Assigned'. */
const shown = (licenses: License[]): Expected<MyLicensesHeld> => ({ state: licenses.length ? said.licensed : said.empty, held: { licenses, error: null } })

/**
 * Spec section 2's My Licenses: a card per license, or 'No Licenses Assigned' when there is none,
 * from the first page the session asked for when the area opened here (issue 43), else loaded;
 * a failed load shows its message with Try again (kept while loading again). Joining Discord marks
 * every Commercial Plus card connected (spec section 4); a new key replaces its card's. The first
 * page taken (its cards or its failure), the session is told, so that a later visit loads its own;
 * with none left to take, the page loads its own now.
 */
export const myLicensesOracle: Oracle<{ fromSession: boolean } | undefined, MyLicensesHeld> = {
  relation,
  start: (input) => ({ state: input?.fromSession ? said.takingFirstPage : said.loading, held: { licenses: [], error: null } }),
  after: (now, event) => {
    const answer = answerOf(event, now.state, awaitedIn)
    if (answer) {
      if (!answer.awaited) return now
      if (!answer.done) return { state: said.failed, held: { ...now.held, error: shownMessage(answer.error) } }
      if (answer.actor === 'loadLicenses') return shown(answer.output as License[])
      const first = answer.output as FirstPageFound
      if (first.found === 'none') return { state: said.loading, held: now.held }
      if (first.found === 'failure') return { state: said.failed, held: { ...now.held, error: first.message } }
      return shown(first.licenses)
    }
    const { licenses } = now.held
    const change = (changed: License[]) => ({ state: now.state, held: { ...now.held, licenses: changed } })
    switch (`${now.state} ${event.type}`) {
      case `${said.failed} licenses.reload`:
        return { state: said.loading, held: now.held }
      case `${said.licensed} license.discordConnected`:
        return change(licenses.map((license) => (license.priceId === 'commercial-plus' ? { ...license, discordConnected: true } : license)))
      case `${said.licensed} license.keyRegenerated`: {
        const { licenseId, licenseKey } = event as EventObject & { licenseId: string; licenseKey: string }
        return change(licenses.map((license) => (license.id === licenseId ? { ...license, licenseKey } : license)))
      }
      default:
        return now
    }
  },
  // The first page taken, the session forgets it.
  tells: (now, event) => onAnswer(event, now.state, awaitedIn, 'awaitFirstPage', (first) => ((first as FirstPageFound).found === 'none' ? [] : [{ to: 'session', event: { type: 'licenses.taken' } }])),
}
