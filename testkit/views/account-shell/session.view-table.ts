/** What the account area shows in each state of the session machine, written from spec sections 2 and 4 and the layout. */
import type { SessionHeld } from '../../oracles/session.oracle'
import type { ViewTable } from '../view-table'

export const sessionViewTable: ViewTable<SessionHeld> = {
  'session.loading': { shows: ['Loading, please wait...'], absent: ['Account menu for Cara Commercial', 'Account menu for Caroline Commercial'], hides: ['Home page'] },
  // Cara's account (Commercial, a payment customer): every page of the sidebar, Billing included; her name in the header,
  // the one the Profile page saved once it did.
  'session.ready': (_, { account }) => {
    const renamed = account?.firstName === 'Caroline'
    return {
      shows: ['My Licenses', 'Profile', 'Manage Licenses'],
      enabled: [renamed ? 'Account menu for Caroline Commercial' : 'Account menu for Cara Commercial', 'Billing Opens the billing portal'],
      absent: [renamed ? 'Account menu for Cara Commercial' : 'Account menu for Caroline Commercial'],
      hides: ['Home page'],
    }
  },
  // The account could not load: the person is back on the site's home page.
  'session.failed': { shows: ['Home page'], hides: ['Loading, please wait...', 'My Licenses'], absent: ['Account menu for Cara Commercial', 'Billing Opens the billing portal'] },
}
