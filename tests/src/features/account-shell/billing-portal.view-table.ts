/** What the sidebar's Billing shows in each state of the billingPortal machine, written from spec section 2 and the layout. */
import { lastOf } from '../../../support/context-table'
import type { ViewTable } from '../../../support/view-table'

const billing = 'Billing Opens the billing portal'
/** Busy, Billing's name ends with its progress indicator's. */
const billingBusy = 'Billing Opens the billing portal Opening the billing portal'

export const billingPortalViewTable: ViewTable = {
  // After a failed opening, the page says why until dismissed or Billing is clicked again.
  'billingPortal.idle': (sent) =>
    lastOf(sent, 'portal.open', 'error.dismiss', 'xstate.error.actor.createPortalSession')?.type === 'xstate.error.actor.createPortalSession'
      ? { enabled: [billing, 'Dismiss'], alerts: ['Billing portalThere was a problem connecting to the server. Please try again.'] }
      : { enabled: [billing], absent: ['Dismiss', billingBusy], alerts: [] },
  // Billing shows progress and cannot be clicked again, until the browser has left for the portal.
  'billingPortal.opening': { disabled: [billingBusy], absent: ['Dismiss', billing], alerts: [] },
  'billingPortal.leaving': { disabled: [billingBusy], absent: ['Dismiss', billing], alerts: [] },
}
