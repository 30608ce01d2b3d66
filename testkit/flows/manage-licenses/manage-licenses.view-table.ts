import type { EventObject } from 'xstate'
import type { ManageLicensesHeld } from './manage-licenses.oracle'
import { orderForm } from '@/testkit/flows/invoice-order/invoice-order.view-table'
import type { StateView, ViewTable } from '@/testkit/views/view-table'

/** Several views on one screen (the page under a dialog): their lists joined. */
function joined(...views: StateView[]): StateView {
  const lists = ['shows', 'hides', 'enabled', 'disabled', 'absent', 'dialogs', 'alerts'] as const
  return Object.fromEntries(lists.filter((list) => views.some((view) => view[list])).map((list) => [list, views.flatMap((view) => view[list] ?? [])]))
}
const when = <T>(condition: boolean, ...items: T[]) => (condition ? items : [])
/** Each seat's Last used cell: the day the feed last let its key in, or Never. */
const lastUsed: Record<string, string> = { seat_own: 'November 20, 2026', seat_new: 'Never' }

/**
 * The page as spec section 2 says: the header button the seats allow ('Assign License' while one
 * is available, else 'Buy Additional Licenses' for a paid plan), the Upgrade badge for Community,
 * Commercial's way to Commercial Plus, a row per assigned license, and the last change's notice.
 * Its buttons can be pressed while no dialog is open. Issue 30: a billing manager sees the tiles,
 * buys and upgrades, and sees no table; a seat manager has the table and buys nothing.
 */
function page({ stats, assigned: rows, notice, role }: ManageLicensesHeld, dialogOpen: boolean): StateView {
  const { subscription, priceId, available } = stats!
  const seats = role !== 'billing-manager'
  const billing = role !== 'seat-manager'
  const header = available > 0 ? (seats ? 'Assign License' : null) : priceId !== 'community' && billing ? 'Buy Additional Licenses' : null
  const shownRows = seats ? rows : []
  const pressable = [
    ...when(header !== null, header!),
    ...when(billing && priceId === 'community', 'Upgrade'),
    ...when(billing && priceId === 'commercial', 'Upgrade to Commercial Plus'),
    ...shownRows.flatMap(({ firstName, lastName }) => [`Unassign ${firstName} ${lastName}`, `Regenerate key of ${firstName} ${lastName}`]),
  ]
  const removed = ['Cara Commercial', 'Ada Lovelace'].filter((name) => !shownRows.some((row) => `${row.firstName} ${row.lastName}` === name))
  const table = ['Assigned licenses', 'Last used', 'Not used for 60 days']
  return {
    shows: ['Manage Licenses', subscription!, ...when(seats, ...table), ...shownRows.flatMap((row) => [row.email, lastUsed[row.id]!]), ...when(notice !== null, notice!)],
    hides: [...when(rows.length > 0, 'No licenses are assigned yet.'), ...when(!seats, ...table, 'Recent activity')],
    // Download CSV is the whole table's, beside the dialogs: a dialog over the page leaves it as it is.
    ...(dialogOpen ? { disabled: pressable } : { enabled: [...pressable, ...when(seats, 'Download CSV'), ...when(notice !== null, 'Dismiss')] }),
    absent: [
      ...['Assign License', 'Buy Additional Licenses'].filter((name) => name !== header),
      ...when(!billing || priceId !== 'community', 'Upgrade'),
      ...when(!billing || priceId !== 'commercial', 'Upgrade to Commercial Plus'),
      ...removed.flatMap((name) => [`Unassign ${name}`, `Regenerate key of ${name}`]),
      ...when(notice === null, 'Dismiss'),
      ...when(!seats, 'Download CSV'),
      'Try again',
    ],
  }
}

/** A dialog over the page, with the message of its last failure. */
const dialog = (held: ManageLicensesHeld, name: string, view: StateView): StateView => joined(page(held, true), { dialogs: [name], alerts: held.error ? [held.error] : [] }, view)

const loading: StateView = {
  shows: ['Manage Licenses'],
  hides: ['Assigned licenses', 'Recent activity'],
  absent: ['Assign License', 'Buy Additional Licenses', 'Try again'],
  dialogs: [],
  alerts: [],
  sameScreen: 'the placeholders stay until both the tiles and the table came, whichever answers first; on the way to the hosted checkout the page shows them as the browser leaves',
}

/** What each pasted line says: its check before sending, then its result. */
const lineChecks: Record<string, string | null> = {
  'Ada, Lovelace, ada@example.com': null,
  'Alan, Turing, alan@example.com': null,
  'Grace, Hopper': 'Expected first name, last name, email',
}
const resultTexts = { assigned: 'Assigned', skipped: 'Not assigned: no license left' } as const

function bulk(held: ManageLicensesHeld, step: 'editing' | 'sending' | 'finished'): StateView {
  const { bulkLines, bulkResults } = held
  const ready = bulkLines.filter((line) => lineChecks[line.text] === null).length
  const submit = `Assign ${ready} ${ready === 1 ? 'license' : 'licenses'}`
  const statuses = bulkLines.map((line, index) => {
    const result = bulkResults[index]
    return `— ${lineChecks[line.text] ?? (!result ? 'Ready to assign' : result.status === 'failed' ? result.message : resultTexts[result.status])}`
  })
  const invalid = ready < bulkLines.length
  const views: Record<typeof step, StateView> = {
    editing: {
      ...(ready > 0 && !invalid ? { enabled: [submit, 'Cancel'] } : { enabled: ['Cancel'], disabled: [submit] }),
      ...(invalid ? { shows: ['Correct or remove the lines marked as not valid to assign.'] } : {}),
    },
    sending: { disabled: [submit, 'Cancel'] },
    finished: { shows: [`${bulkResults.filter((result) => result.status === 'assigned').length} of ${bulkLines.length} licenses assigned.`], enabled: ['Close'], absent: [submit, 'Cancel'] },
  }
  return dialog(held, 'Assign several licenses', joined({ shows: [...bulkLines.map((line) => line.text), ...statuses] }, views[step]))
}

/** Buy Additional Licenses: the plan's price per seat (spec section 3), seats from 1 with no maximum, total = price x seats. */
function purchase(held: ManageLicensesHeld, redirecting: boolean): StateView {
  const { stats, seats } = held
  const plan = stats!.priceId === 'commercial' ? { name: 'Commercial', price: 299 } : { name: 'Commercial Plus', price: 499 }
  const total = `$${(plan.price * seats).toLocaleString('en-US')}.00`
  const buttons = ['Continue to checkout', byInvoice, 'Cancel']
  return dialog(held, 'Buy Additional Licenses', { shows: [`${plan.name}: $${plan.price}.00 per license, billed annually`, total], ...(redirecting ? { disabled: buttons } : { enabled: buttons }) })
}

const byInvoice = 'Pay by bank transfer (invoice)'
const payByInvoice = 'Pay by invoice'

/**
 * Buy Additional Licenses by invoice (issue 49): the seats' terms (the plan's yearly price, prorated
 * to the renewal, 30 days to pay), the company form with the last draft sent, a refused tax ID
 * beside its field; then 'Awaiting payment' with the invoice, its total, due date and PDF.
 */
function invoicing(sent: readonly EventObject[], held: ManageLicensesHeld, step: 'editing' | 'ordering' | 'ordered'): StateView {
  const { stats, seats, taxIdError, invoiceOrder } = held
  const plan = stats!.priceId === 'commercial' ? { name: 'Commercial', price: 299 } : { name: 'Commercial Plus', price: 499 }
  const licenses = `${seats} additional ${plan.name} ${seats === 1 ? 'license' : 'licenses'}`
  const terms = `${licenses}: $${(plan.price * seats).toLocaleString('en-US')}.00 per year, prorated to your subscription's renewal date, invoiced now and payable by bank transfer within 30 days.`
  const awaiting = ['Awaiting payment', 'Invoice CARA0001-0002 for $410.00 is due by March 31, 2027.', 'Download invoice CARA0001-0002 (PDF)']
  if (step === 'ordered') return dialog(held, 'Buy Additional Licenses', { shows: awaiting, enabled: ['Done'], absent: [payByInvoice, 'Continue to checkout'] })
  return dialog(held, 'Buy Additional Licenses', {
    shows: [terms, ...(taxIdError ? [taxIdError] : [])],
    hides: invoiceOrder ? [] : awaiting,
    fields: orderForm(sent, { open: 'invoice.open', submit: 'invoice.submit' }),
    absent: ['Continue to checkout'],
    ...(step === 'ordering' ? { disabled: [payByInvoice, 'Cancel'] } : { enabled: [payByInvoice, 'Cancel'] }),
  })
}

/** What Manage Licenses shows in each state of the manageLicenses machine (the loading regions' rows are joined). */
export const manageLicensesViewTable: ViewTable<ManageLicensesHeld> = {
  'manageLicenses.loading.stats.loading': loading,
  'manageLicenses.loading.stats.loaded': loading,
  // Left at once: a billing manager's page asks for no table.
  'manageLicenses.loading.assigned.asking': loading,
  'manageLicenses.loading.assigned.withheld': loading,
  'manageLicenses.loading.assigned.loading': loading,
  'manageLicenses.loading.assigned.loaded': loading,
  // Only the failure: no tiles or table of an earlier or half-finished load under it.
  'manageLicenses.failed': (_, { error }) => ({
    shows: ['Manage Licenses'],
    hides: ['Assigned licenses', 'Recent activity', 'Purchased', 'Available'],
    absent: ['Assign License', 'Buy Additional Licenses', 'Upgrade'],
    enabled: ['Try again'],
    dialogs: [],
    alerts: [`Your licenses could not be loaded${error}Try again`],
  }),
  'manageLicenses.ready.none': (_, held) => joined(page(held, false), { dialogs: [], alerts: [] }),
  'manageLicenses.ready.assign.single.editing': (_, held) => dialog(held, 'Assign License', { enabled: ['Assign', 'Assign several', 'Cancel'] }),
  'manageLicenses.ready.assign.single.submitting': (_, held) => dialog(held, 'Assign License', { disabled: ['Assign', 'Assign several', 'Cancel'] }),
  'manageLicenses.ready.assign.bulk.editing': (_, held) => bulk(held, 'editing'),
  'manageLicenses.ready.assign.bulk.sending': (_, held) => bulk(held, 'sending'),
  // Left at once for the next line or the end.
  'manageLicenses.ready.assign.bulk.next': (_, held) => bulk(held, 'sending'),
  'manageLicenses.ready.assign.bulk.finished': (_, held) => bulk(held, 'finished'),
  // The holder the oracle says was asked about, by name and email.
  'manageLicenses.ready.unassign.confirming': (_, held) =>
    dialog(held, 'Unassign License', {
      shows: [
        `${held.unassigning!.firstName} ${held.unassigning!.lastName}`,
        `Unassign the license of (${held.unassigning!.email})? They lose access, and the license becomes available to assign again.`,
      ],
      enabled: ['Unassign', 'Cancel'],
    }),
  'manageLicenses.ready.unassign.removing': (_, held) => dialog(held, 'Unassign License', { disabled: ['Unassign', 'Cancel'] }),
  'manageLicenses.ready.purchase.choosing': (_, held) => purchase(held, false),
  'manageLicenses.ready.purchase.redirecting': (_, held) => purchase(held, true),
  'manageLicenses.ready.purchase.invoicing': (sent, held) => invoicing(sent, held, 'editing'),
  'manageLicenses.ready.purchase.ordering': (sent, held) => invoicing(sent, held, 'ordering'),
  'manageLicenses.ready.purchase.ordered': (sent, held) => invoicing(sent, held, 'ordered'),
  'manageLicenses.ready.upgrade': (_, held) => dialog(held, 'Upgrade Subscription', {}),
  // On the way to the hosted checkout: the page waits, no dialog.
  'manageLicenses.checkingOut': loading,
}
