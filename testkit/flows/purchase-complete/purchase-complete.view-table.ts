import type { EventObject } from 'xstate'
import type { StateView, ViewTable } from '@/testkit/views/view-table'

const ready = 'Thank you! Your licenses are ready: find their keys under My Licenses, and assign seats to your developers under Manage Licenses.'
const onTheirWay = 'Thank you! Your payment went through. Your licenses are being processed and will appear in My Licenses shortly.'

/** Paid, the licenses not yet made by the webhook: no way on until they are. */
const settingUp: StateView = {
  shows: ['Purchase Complete', 'Thank you! Your payment went through.', 'Setting up your licenses…'],
  hides: ['Your purchase', 'Checking your purchase…', 'Go to My Licenses', 'Purchase Incomplete'],
  alerts: [],
  sameScreen: 'waiting for the webhook and asking again after a wait look the same: the licenses are being set up',
}
/** The checkout went through: the licenses are ready or on their way, and My Licenses is one click away. */
const complete = (text: string): StateView => ({ shows: ['Purchase Complete', text, 'Go to My Licenses'], hides: ['Setting up your licenses…', 'Purchase Incomplete'], alerts: [] })

/** What the purchase completion page shows in each state of the purchaseComplete machine (spec section 2). */
export const purchaseCompleteViewTable: ViewTable = {
  // Left at once: nothing is claimed before the address is read.
  'purchaseComplete.checkingAddress': { hides: ['Purchase Complete', 'Purchase Incomplete'], alerts: [] },
  // Asking again after a wait still says the payment went through.
  'purchaseComplete.checking': (sent: readonly EventObject[]) =>
    sent.some((event) => event.type.startsWith('xstate.after.'))
      ? settingUp
      : { shows: ['Your purchase', 'Checking your purchase…'], hides: ['Purchase Complete', 'Purchase Incomplete', 'Go to My Licenses'], alerts: [] },
  'purchaseComplete.processing': settingUp,
  'purchaseComplete.fulfilled': complete(ready),
  'purchaseComplete.delayed': complete(onTheirWay),
  'purchaseComplete.incomplete': {
    shows: ['Purchase Incomplete', 'The payment was not completed, and nothing was charged.', 'Choose a license'],
    hides: ['Purchase Complete', 'Setting up your licenses…', 'Go to My Licenses'],
    alerts: [],
  },
}
