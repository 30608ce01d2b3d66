import type { ActivityEntry, ActivityPage } from '@/common/contract'
import { answerOf, shownMessage, type Oracle } from '@/testkit/model/oracle'

/** What Recent activity holds: the entries shown, whether an older page exists, the message. */
export interface ActivityHeld {
  entries: ActivityEntry[]
  nextCursor: string | null
  error: string | null
}

const awaitedIn = { loadActivity: ['activity.loading', 'activity.shown.loadingMore'] }

/**
 * Recent activity (our addition): the newest page replaces what was shown ('No activity yet.'
 * when empty); 'Show more' adds the next older page below, each entry once; a change made on the
 * page starts again from the newest page; a failure keeps the entries with its message.
 */
export const activityOracle: Oracle<void, ActivityHeld> = {
  start: () => ({ state: 'activity.loading', held: { entries: [], nextCursor: null, error: null } }),
  after: (now, event) => {
    const answer = answerOf(event, now.state, awaitedIn)
    if (answer) {
      if (!answer.awaited) return now
      const older = now.state === 'activity.shown.loadingMore'
      if (!answer.done) return { state: older ? 'activity.shown.moreFailed' : 'activity.failed', held: { ...now.held, error: shownMessage(answer.error) } }
      const page = answer.output as ActivityPage
      if (!older) return { state: page.entries.length ? 'activity.shown.idle' : 'activity.empty', held: { entries: page.entries, nextCursor: page.nextCursor, error: null } }
      const added = page.entries.filter((entry) => !now.held.entries.some((shown) => shown.id === entry.id))
      return { state: 'activity.shown.idle', held: { entries: [...now.held.entries, ...added], nextCursor: page.nextCursor, error: null } }
    }
    if (event.type === 'activity.refresh') return { state: 'activity.loading', held: now.held }
    switch (`${now.state} ${event.type}`) {
      case 'activity.shown.idle activity.more':
        return now.held.nextCursor !== null ? { state: 'activity.shown.loadingMore', held: now.held } : now
      case 'activity.shown.moreFailed activity.more':
        return { state: 'activity.shown.loadingMore', held: now.held }
      case 'activity.failed activity.reload':
        return { state: 'activity.loading', held: now.held }
      default:
        return now
    }
  },
}
