import type { ActivityHeld } from './activity.oracle'
import type { StateView, ViewTable } from '@/testkit/views/view-table'

/** What Recent activity says for each entry of the fixtures, written out. */
const sentences: Record<string, string> = {
  act_3: 'Cara Commercial assigned a Commercial license to dev1@example.com',
  act_2: 'Renewed Commercial (3 licenses)',
  act_1: 'Cara Commercial bought Commercial (3 licenses)',
}
const notFound = "The requested information couldn't be found. Please try again or contact support."

/** The entries received so far in words, and the fixtures' other sentences, which must not show. */
function entries(held: ActivityHeld) {
  const shown = held.entries.map((entry) => sentences[entry.id]!)
  return { shows: shown, hides: Object.values(sentences).filter((sentence) => !shown.includes(sentence)) }
}

/** The entries with 'Show more' while an older page exists. */
function shown(held: ActivityHeld, more: Pick<StateView, 'enabled' | 'disabled' | 'absent'>, alerts: string[]): StateView {
  return { ...entries(held), hides: [...entries(held).hides, 'No activity yet.'], ...more, alerts }
}

/** What Recent activity shows in each state of the activity machine, within its own region. */
export const activityViewTable: ViewTable<ActivityHeld> = {
  // A refresh keeps the entries in view; the first load shows placeholders only.
  'activity.loading': (_, held) => ({ ...entries(held), hides: [...entries(held).hides, 'No activity yet.'], absent: ['Show more', 'Try again'], alerts: [] }),
  'activity.shown.idle': (_, held) => shown(held, held.nextCursor ? { enabled: ['Show more'] } : { absent: ['Show more'] }, []),
  'activity.shown.loadingMore': (_, held) => shown(held, { disabled: ['Show more'] }, []),
  'activity.shown.moreFailed': (_, held) => shown(held, { enabled: ['Show more'] }, [held.error!]),
  'activity.empty': { shows: ['No activity yet.'], hides: Object.values(sentences), absent: ['Show more', 'Try again'], alerts: [] },
  'activity.failed': { hides: [...Object.values(sentences), 'No activity yet.'], enabled: ['Try again'], absent: ['Show more'], alerts: [`Recent activity could not be loaded${notFound}Try again`] },
}
