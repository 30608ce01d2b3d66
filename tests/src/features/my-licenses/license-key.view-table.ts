/** What the License Key dialog shows in each state of the licenseKey machine, written from spec section 2 and the dialog. */
import { lastOf } from '../../../support/context-table'
import type { ViewTable } from '../../../support/view-table'
import { configuredFeedSource } from '../../../../testkit/package-feed-source'

const copied = 'License key copied to the clipboard.'
const newKeyReady = 'Your new key is ready. The old key no longer works: update your CI secrets and NuGet feed credentials.'

export const licenseKeyViewTable: ViewTable = {
  // After 'Copy and Close', the page confirms the copy until the dialog opens again.
  'licenseKey.closed': (sent) => (lastOf(sent, 'dialog.open', 'key.copyAndClose')?.type === 'key.copyAndClose' ? { dialogs: [], shows: [copied] } : { dialogs: [], hides: [copied] }),
  // Commercial Plus: the private feed, the holder's email as username and the key as password (the new one once regenerated).
  'licenseKey.open': (sent) => {
    const regenerated = sent.some((event) => event.type === 'key.regenerated')
    const justNow = lastOf(sent, 'dialog.open', 'key.regenerated')?.type === 'key.regenerated'
    return {
      dialogs: ['License Key'],
      fields: {
        // The configured feed, on the test page's origin.
        'Package source': configuredFeedSource(window.location.origin),
        Username: 'plus@example.com',
        Password: regenerated ? 'PRSM-NEWKY-11111-22222-33333-44444' : 'PRSM-AAAAA-BBBBB-CCCCC-DDDDD-EEEEE',
      },
      shows: ['Add the private package feed to install Commercial Plus packages. Keep the password secret: it is your license key.', ...(justNow ? [newKeyReady] : [])],
      hides: [copied, ...(justNow ? [] : [newKeyReady])],
      enabled: ['Copy and Close', 'Close', 'Regenerate key'],
    }
  },
}
