/** What the License Key dialog's 'Download license file' shows in each state of the licenseFile machine, written from the rules. */
import type { LicenseFileHeld } from './license-file.oracle'
import type { ViewTable } from '@/testkit/views/view-table'

export const licenseFileViewTable: ViewTable<LicenseFileHeld> = {
  // After a failure, it is said in words until dismissed or the button is pressed again.
  'licenseFile.idle': (_, { error }) =>
    error ? { enabled: ['Download license file', 'Dismiss'], alerts: [`The license file could not be downloaded${error}`] } : { enabled: ['Download license file'], absent: ['Dismiss'], alerts: [] },
  'licenseFile.downloading': { disabled: ['Download license file'], absent: ['Dismiss'], alerts: [] },
}
