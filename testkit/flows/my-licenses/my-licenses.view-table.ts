/** What My Licenses shows in each state of the myLicenses machine, written from spec section 2 and the page. */
import type { MyLicensesHeld } from './my-licenses.oracle'
import type { StateView, ViewTable } from '@/testkit/views/view-table'

const connectionFailed = 'Your licenses could not be loadedThere was a problem connecting to the server. Please try again.Try again'

const loading: StateView = { shows: ['My Licenses'], hides: ['No Licenses Assigned', 'Commercial Plus'], absent: ['Try again', 'License Key', 'Connect Discord'], alerts: [] }

export const myLicensesViewTable: ViewTable<MyLicensesHeld> = {
  // The page moves on at once: to the first page the session asked for, or to loading its own.
  'myLicenses.opening': { ...loading, sameScreen: 'the page passes through it as it starts, before anything is drawn' },
  'myLicenses.takingFirstPage': { ...loading, sameScreen: 'the same placeholders, whether the session asked for the cards or the page does' },
  // Placeholders where the cards will be, and nothing else yet.
  'myLicenses.loading': { ...loading, sameScreen: 'the same placeholders, whether the session asked for the cards or the page does' },
  // The model's one license: a Commercial Plus seat of plus@example.com, not yet on Discord.
  'myLicenses.licensed': (_, { licenses }) => {
    const connected = licenses.every((license) => license.discordConnected)
    return {
      shows: ['Commercial Plus', 'Active', 'Owner: plus@example.com', 'Expires: November 22, 2027', ...(connected ? ['Discord Connected'] : [])],
      hides: ['No Licenses Assigned', ...(connected ? [] : ['Discord Connected'])],
      enabled: ['License Key', ...(connected ? [] : ['Connect Discord'])],
      absent: ['Try again', ...(connected ? ['Connect Discord'] : [])],
      dialogs: [],
      alerts: [],
    }
  },
  'myLicenses.empty': {
    shows: ['No Licenses Assigned', 'Get started by purchasing a license.', 'Purchase License'],
    hides: ['Commercial Plus'],
    absent: ['License Key', 'Connect Discord', 'Try again'],
    alerts: [],
  },
  'myLicenses.failed': { alerts: [connectionFailed], enabled: ['Try again'], hides: ['No Licenses Assigned'], absent: ['License Key'] },
}
