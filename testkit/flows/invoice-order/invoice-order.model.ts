/** Model of the order-by-invoice machine for generated paths: tests, the path catalogue and coverage. */
import { invoiceOrderMachine } from '@/machines/invoice-order.machine'
import { actorEvents, type ActorFixtures, type PathPlan } from '@/testkit/model/paths'
import { conflictWords, longPoDraft, northwindDraft, placedOrder, taxIdRefused, taxIdWords } from './invoice-order.fixtures'

export { conflictWords, longPoDraft, northwindDraft, placedOrder, taxIdRefused, taxIdWords }

/** The plan and seats the purchase page opens the dialog for. */
export const opened = { type: 'dialog.open', priceId: 'commercial', quantity: 5 } as const

export const fixtures: ActorFixtures<typeof invoiceOrderMachine> = {
  payByInvoice: { done: [placedOrder], error: [new Error(conflictWords), taxIdRefused] },
}

export const invoiceOrderModel: PathPlan<typeof invoiceOrderMachine> = {
  name: 'invoice-order',
  machine: invoiceOrderMachine,
  actors: Object.keys(fixtures),
  addressees: ['session'],
  inputs: [{}],
  events: [opened, { type: 'dialog.close' }, { type: 'order.submit', draft: northwindDraft }, { type: 'order.submit', draft: longPoDraft }, ...actorEvents(fixtures)],
  // What the buyer can tell apart: where it stands, the order shown, and the notices.
  serialize: (snapshot) => ({ value: snapshot.value, order: snapshot.context.order?.invoice.number ?? null, error: snapshot.context.error, taxIdError: snapshot.context.taxIdError }),
}
