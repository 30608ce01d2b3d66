import type { ActivityEntry, ActivityPage } from '@/common/contract'
import { answerOf, shownMessage, type Oracle, type Relation } from '@/testkit/model/oracle'

/** What Recent activity holds: the entries shown, whether an older page exists, the message. */
export interface ActivityHeld {
  entries: ActivityEntry[]
  nextCursor: string | null
  error: string | null
}

/** Where Recent activity stands, in issue 15's words ('Recent activity' below the table, 'Show more', retry on failure). */
const said = {
  loading: 'the newest entries loading',
  failed: 'the newest entries not loaded',
  empty: 'no activity yet',
  listed: 'the entries listed',
  loadingOlder: 'older entries loading below',
  olderFailed: 'older entries not loaded',
} as const
const a = 'activity'
/** The states of machines/activity.machine.ts that realise each of the oracle's (decision 0061). */
export const relation = {
  [said.loading]: `${a}.loading`,
  [said.failed]: `${a}.failed`,
  [said.empty]: `${a}.empty`,
  [said.listed]: `${a}.shown.idle`,
  [said.loadingOlder]: `${a}.shown.loadingMore`,
  [said.olderFailed]: `${a}.shown.moreFailed`,
} satisfies Relation
const awaitedIn = { loadActivity: [said.loading, said.loadingOlder] }
/** What a refresh does beyond what the list holds, wherever it comes (loading already, too): the newest page is asked for anew. */
export const asksAgain = 'the newest entries asked for anew'

/**
 * Recent activity (our addition): the newest page replaces what was shown ('No activity yet.'
 * when empty); 'Show more' adds the next older page below, each entry once; a change made on the
 * page starts again from the newest page; a failure keeps the entries with its message.
 */
export const activityOracle: Oracle<void, ActivityHeld> = {
  relation,
  start: () => ({ state: said.loading, held: { entries: [], nextCursor: null, error: null } }),
  after: (now, event) => {
    const answer = answerOf(event, now.state, awaitedIn)
    if (answer) {
      if (!answer.awaited) return now
      const older = now.state === said.loadingOlder
      if (!answer.done) return { state: older ? said.olderFailed : said.failed, held: { ...now.held, error: shownMessage(answer.error) } }
      const page = answer.output as ActivityPage
      if (!older) return { state: page.entries.length ? said.listed : said.empty, held: { entries: page.entries, nextCursor: page.nextCursor, error: null } }
      const added = page.entries.filter((entry) => !now.held.entries.some((shown) => shown.id === entry.id))
      return { state: said.listed, held: { entries: [...now.held.entries, ...added], nextCursor: page.nextCursor, error: null } }
    }
    if (event.type === 'activity.refresh') return { state: said.loading, held: now.held }
    switch (`${now.state} ${event.type}`) {
      case `${said.listed} activity.more`:
        return now.held.nextCursor !== null ? { state: said.loadingOlder, held: now.held } : now
      case `${said.olderFailed} activity.more`:
        return { state: said.loadingOlder, held: now.held }
      case `${said.failed} activity.reload`:
        return { state: said.loading, held: now.held }
      default:
        return now
    }
  },
  effects: (_now, event) => (event.type === 'activity.refresh' ? [asksAgain] : []),
}
