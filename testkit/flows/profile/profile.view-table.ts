/** What the Profile page shows in each state of the profile machine, written from the spec and the page. */
import type { EventObject } from 'xstate'
import { lastOf } from '@/testkit/views/last-of'
import type { ProfileHeld } from './profile.oracle'
import type { ViewTable } from '@/testkit/views/view-table'

/** The notice above the form after the last save, as the oracle holds it: its confirmation, its error, or none once dismissed. */
function notice({ saved, error }: ProfileHeld) {
  if (saved) return { shows: ['Your profile was updated.'], enabled: ['Update Profile', 'Dismiss'], alerts: [] }
  if (error) return { hides: ['Your profile was updated.'], enabled: ['Update Profile', 'Dismiss'], alerts: [`Your profile was not saved${error}`] }
  return { hides: ['Your profile was updated.'], enabled: ['Update Profile'], absent: ['Dismiss'], alerts: [] }
}

/** The form keeps what was typed: the Company the model typed once it saved, else the stored one. */
const form = (sent: readonly EventObject[]) => ({
  fields: { 'First name': 'Cara', Company: lastOf(sent, 'profile.save') ? 'Fabrikam' : 'Contoso', Email: 'commercial@example.com' },
  shows: ['Personal Information', 'Notifications'],
  hides: ['Loading, please wait...'],
  absent: ['Try again'],
  dialogs: [],
})

export const profileViewTable: ViewTable<ProfileHeld> = {
  'profile.loading': { shows: ['Loading, please wait...'], absent: ['Update Profile', 'Try again'], alerts: [] },
  'profile.failed': {
    alerts: ['Your profile could not be loadedThere was a problem connecting to the server. Please try again.Try again'],
    enabled: ['Try again'],
    absent: ['Update Profile'],
    hides: ['Loading, please wait...'],
  },
  'profile.editing': (sent, held) => ({ ...form(sent), ...notice(held), hides: ['Loading, please wait...', ...(notice(held).hides ?? [])] }),
  // One save at a time: 'Update Profile' shows progress and cannot be pressed again.
  'profile.saving': (sent) => ({ ...form(sent), disabled: ['Update Profile'], absent: ['Try again', 'Dismiss'], hides: ['Loading, please wait...', 'Your profile was updated.'], alerts: [] }),
}
