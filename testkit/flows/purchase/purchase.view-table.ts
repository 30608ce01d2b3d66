import type { PurchaseHeld } from './purchase.oracle'
import type { StateView, ViewTable } from '@/testkit/views/view-table'

const loading: StateView = { shows: ['Purchase', 'Loading, please wait...'], absent: ['Get Community License'], alerts: [] }
/** Passed through or left: what the page shows meanwhile is the loading view. */
const passing = (why: string): StateView => ({ ...loading, sameScreen: why })
const limitNote = 'The Community license covers at most 5 developers.'

/** The Community product page: its price, the developers chosen (1 to 5) and the total. */
function choosing({ seats, error }: PurchaseHeld, redirecting: boolean): StateView {
  const seatButtons = { more: seats < 5, fewer: seats > 1 }
  return {
    shows: ['Purchase Community', 'FREE* per developer, billed annually', String(seats), '$0.00', ...(seats === 5 ? [limitNote] : [])],
    hides: seats === 5 ? [] : [limitNote],
    // While the checkout is being made, the seat count is settled and the action shows progress.
    enabled: redirecting ? [] : [...(seatButtons.more ? ['More developers'] : []), ...(seatButtons.fewer ? ['Fewer developers'] : []), 'Get Community License'],
    disabled: redirecting ? ['More developers', 'Fewer developers', 'Get Community License'] : [...(seatButtons.more ? [] : ['More developers']), ...(seatButtons.fewer ? [] : ['Fewer developers'])],
    alerts: error ? [error] : [],
  }
}

/** What the purchase page shows in each state of the purchase machine (spec sections 2, 5 and 9). */
export const purchaseViewTable: ViewTable<PurchaseHeld> = {
  'purchase.checkingAddress': passing("left at once for the product's load or for '/': never on screen on its own"),
  'purchase.loadingProduct': passing('the product loads: the loading view the address check and the way to the checkout also show'),
  'purchase.notAvailable': {
    shows: ['License not available', 'Sorry, the license you are looking for is not available for your account. Accounts are limited to one license type.', 'Choose another license type'],
    absent: ['Get Community License'],
    alerts: [],
  },
  'purchase.limitReached': {
    shows: ['Purchase Community', 'Your account already holds the most Community licenses there can be. Assign them to your developers under Manage Licenses.', 'Manage Licenses'],
    absent: ['Get Community License', 'More developers'],
    alerts: [],
  },
  'purchase.choosingSeats': (_, held) => choosing(held, false),
  'purchase.redirecting': (_, held) => choosing(held, true),
  'purchase.checkingOut': passing('the browser is leaving for the hosted checkout: the page shows the loading view until it has'),
  'purchase.leaving': { shows: ['Home page'], hides: ['Purchase', 'Purchase Community'], alerts: [] },
}
