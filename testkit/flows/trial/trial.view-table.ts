/** What My Licenses shows of the trial in each state of its machine, written from the rules. */
import type { TrialHeld } from './trial.oracle'
import type { ViewTable } from '@/testkit/views/view-table'

const start = 'Start 30-day free trial'
const extend = 'Extend trial by 14 days'
/** The long US date the notices write (the trial's end, in UTC). */
const longDate = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso))
const startedNotice = (held: TrialHeld) => `Your free Commercial Plus trial has started: it ends on ${longDate(held.trial!.trialEnd)}.`
const extendedNotice = (held: TrialHeld) => `Your trial now ends on ${longDate(held.trial!.trialEnd)}: it has had its one extension.`
const anyNotice = [/^Your free Commercial Plus trial has started/, /^Your trial now ends on/]

export const trialViewTable: ViewTable<TrialHeld> = {
  // As loaded: the empty page's start, or a trial card's extension, whichever the cards offer; a failure above them.
  'trial.idle': (_, held) => ({ dialogs: [], hides: anyNotice, alerts: held.error ? [held.error] : [] }),
  'trial.starting': { dialogs: [], disabled: [start], hides: anyNotice, alerts: [] },
  // The trial's card, with its key and its one extension (the cards loaded again after a start); the notice of a start made here, or the failure of an extension.
  'trial.running': (_, held) => ({
    dialogs: [],
    ...(held.trial && !held.error ? { shows: [startedNotice(held), 'Trial'] } : { shows: ['Trial'], hides: anyNotice }),
    enabled: [extend, 'License Key'],
    absent: [start],
    alerts: held.error ? [held.error] : [],
  }),
  'trial.extending': { dialogs: [], disabled: [extend], absent: [start], alerts: [] },
  'trial.extended': (_, held) => ({ dialogs: [], shows: [extendedNotice(held), 'Trial'], enabled: ['License Key'], absent: [extend, start], alerts: [] }),
}
