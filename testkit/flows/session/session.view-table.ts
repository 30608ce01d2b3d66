/** What the account area shows in each state of the session machine, written from spec sections 2 and 4, issue 30 and the layout. */
import type { SessionHeld } from './session.oracle'
import type { StateView, ViewTable } from '@/testkit/views/view-table'

const loading: StateView = { shows: ['Loading, please wait...'], absent: ['Account menu for Cara Commercial', 'Account menu for Caroline Commercial'], hides: ['Home page'] }
const billing = 'Billing Opens the billing portal'

/** The sidebar's pages as the role allows them (Cara's organisation bought Commercial and is a payment customer). */
function sidebar({ organisation }: SessionHeld): StateView {
  const pages = ['My Licenses', 'Profile', 'Manage Licenses', 'Members']
  // She left the organisation: only her own pages.
  if (!organisation?.role) return { shows: pages.slice(0, 2), hides: pages.slice(2), absent: [billing] }
  // An owner opens Billing; a seat manager does not.
  if (organisation.role === 'owner') return { shows: pages, enabled: [billing] }
  return { shows: pages, absent: [billing] }
}

export const sessionViewTable: ViewTable<SessionHeld> = {
  'session.loading.account.loading': { ...loading, sameScreen: 'the account and the organisation load side by side behind one loading text' },
  'session.loading.account.loaded': { ...loading, sameScreen: 'the area waits for the organisation too' },
  'session.loading.organisation.loading': { ...loading, sameScreen: 'the organisation and the account load side by side behind one loading text' },
  'session.loading.organisation.loaded': { ...loading, sameScreen: 'the area waits for the account too' },
  'session.loading.licenses.choosing': { ...loading, sameScreen: "the session decides at once whether My Licenses' first page is asked for" },
  'session.loading.licenses.asked': { ...loading, sameScreen: "My Licenses' first page is asked for beside the account, behind the same loading text" },
  'session.loading.licenses.notNeeded': { ...loading, sameScreen: 'the area opens on another page, which loads what it shows once the area is ready' },
  // Cara's name in the header, the one the Profile page saved once it did; the sidebar her role allows.
  'session.ready': (_, held) => {
    const renamed = held.account?.firstName === 'Caroline'
    const pages = sidebar(held)
    return {
      ...pages,
      enabled: [renamed ? 'Account menu for Caroline Commercial' : 'Account menu for Cara Commercial', ...(pages.enabled ?? [])],
      absent: [renamed ? 'Account menu for Cara Commercial' : 'Account menu for Caroline Commercial', ...(pages.absent ?? [])],
      hides: ['Home page', ...(pages.hides ?? [])],
    }
  },
  // The account or the organisation could not load: the person is back on the site's home page.
  'session.failed': { shows: ['Home page'], hides: ['Loading, please wait...', 'My Licenses'], absent: ['Account menu for Cara Commercial', billing] },
}
