/** What the sidebar's Billing shows in each state of the billingPortal machine, written from spec section 2 and the layout. */
import type { BillingPortalHeld } from './billing-portal.oracle'
import type { StateView, ViewTable } from '@/testkit/views/view-table'

const billing = 'Billing Opens the billing portal'
/** Busy, Billing's name ends with its progress indicator's. */
const billingBusy = 'Billing Opens the billing portal Opening the billing portal'

/** Billing busy until the browser has left for the portal. */
const busy = (sameScreen: string): StateView => ({ disabled: [billingBusy], absent: ['Dismiss', billing], alerts: [], sameScreen })

export const billingPortalViewTable: ViewTable<BillingPortalHeld> = {
  // After a failed opening, the page says why until dismissed or Billing is clicked again.
  'billingPortal.idle': (_, { error }) => (error ? { enabled: [billing, 'Dismiss'], alerts: [`Billing portal${error}`] } : { enabled: [billing], absent: ['Dismiss', billingBusy], alerts: [] }),
  // Billing shows progress and cannot be clicked again, until the browser has left for the portal.
  'billingPortal.opening': busy('the portal session is asked for; leaving for it looks the same until the browser has left'),
  'billingPortal.leaving': busy('the browser is leaving for the portal: Billing stays busy as while the session was asked for'),
}
