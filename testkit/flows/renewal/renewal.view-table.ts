/** What the renewal panel of Manage Licenses shows in each state of the renewal machine, written from the page's rules. */
import type { EventObject } from 'xstate'
import type { Renewal } from '@/common/billing-contract'
import type { RenewalHeld } from './renewal.oracle'
import type { StateView, ViewTable } from '@/testkit/views/view-table'

const change = 'Change seats for renewal'
const seatsField = 'Licenses from March 1, 2027'

/** A renewal's card: when, how many and for how much; the licenses that end with this period; or that it ends. */
function cardTexts(renewal: Renewal): string[] {
  if (!renewal.autoRenew) return ['Commercial: ends on March 1, 2027', 'Auto-renew is off: its 5 licenses end on March 1, 2027.']
  const texts = ['Commercial: renews on March 1, 2027', `Renews with ${renewal.renewalSeats} licenses for ${renewal.renewalSeats === 5 ? '$1,495.00' : '$897.00'} a year, before any tax.`]
  return renewal.renewalSeats < renewal.seats ? [...texts, `${renewal.seats - renewal.renewalSeats} licenses end on March 1, 2027`] : texts
}
const cards = ({ renewals }: RenewalHeld): StateView => ({
  shows: ['Renewal', ...renewals.flatMap(cardTexts)],
  hides: renewals.every((renewal) => renewal.renewalSeats === renewal.seats) ? [/^\d+ licenses? ends? on/] : [],
})

/** The dialog's count: what was last typed since it opened, else the seats the renewal keeps. */
function typed(sent: readonly EventObject[], held: RenewalHeld) {
  const opened = sent.map((event) => event.type).lastIndexOf('seats.open')
  const last = sent
    .slice(opened + 1)
    .filter((event) => event.type === 'seats.submit')
    .at(-1) as (EventObject & { seats: number }) | undefined
  return String(last?.seats ?? held.changing!.renewalSeats)
}

/** The dialog over the cards: the cards' own controls cannot be used behind it. */
const dialog = (sent: readonly EventObject[], held: RenewalHeld, view: StateView): StateView => ({
  ...view,
  dialogs: ['Seats for renewal'],
  shows: [...cards(held).shows!, 'The licenses your subscription keeps from March 1, 2027. The others end that day; assigned licenses are never taken from their holders.'],
  fields: { [seatsField]: typed(sent, held) },
  disabled: [change, ...(view.disabled ?? [])],
})

export const renewalViewTable: ViewTable<RenewalHeld> = {
  'renewal.loading': { shows: ['Renewal'], absent: [change, 'Try again'], dialogs: [], alerts: [] },
  'renewal.failed': (_, { error }) => ({ alerts: [`Your renewals could not be loaded${error}Try again`], enabled: ['Try again'], absent: [change] }),
  'renewal.ready.idle': (_, held) => ({
    ...cards(held),
    ...(held.renewals.every((renewal) => renewal.autoRenew) ? { enabled: [change] } : { disabled: [change] }),
    absent: ['Try again'],
    dialogs: [],
    alerts: held.error ? [`Auto-renew was not changed${held.error}`] : [],
  }),
  // One switch at a time: the card's controls wait for the answer, which it says it awaits.
  'renewal.ready.switching': (_, held) => {
    const shown = cards(held)
    return { ...shown, shows: [...shown.shows!, 'Changing auto-renew…'], disabled: [change], dialogs: [], alerts: [] }
  },
  'renewal.ready.seats.editing': (sent, held) => dialog(sent, held, { enabled: ['Save', 'Cancel'], alerts: held.error ? [held.error] : [] }),
  // One request at a time: neither button can be pressed, and the typed count stays.
  'renewal.ready.seats.sending': (sent, held) => dialog(sent, held, { disabled: ['Save', 'Cancel'], alerts: [] }),
}
