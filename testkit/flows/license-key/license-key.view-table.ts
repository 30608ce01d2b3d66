/** What the License Key dialog shows in each state of the licenseKey machine, written from spec section 2 and the dialog. */
import { lastOf } from '@/testkit/views/last-of'
import type { ViewTable } from '@/testkit/views/view-table'
import type { LicenseKeyHeld } from './license-key.oracle'
import { configuredFeedSource } from '@/testkit/package-feed-source'
import { pageOrigin } from '@/testkit/views/page-origin'
import { regeneratedKey } from '../my-licenses/my-licenses.fixtures'

const copied = 'License key copied to the clipboard.'
const newKeyReady = 'Your new key is ready. The old key no longer works: update your CI secrets and NuGet feed credentials.'

export const licenseKeyViewTable: ViewTable<LicenseKeyHeld> = {
  // After 'Copy and Close', the page confirms the copy until the dialog opens again.
  'licenseKey.closed': (_, held) => (held.copied ? { dialogs: [], shows: [copied] } : { dialogs: [], hides: [copied] }),
  // Commercial Plus: the private feed, the holder's email as username and the key as password (the new one once regenerated).
  'licenseKey.open': (sent, { license }) => {
    // Said just after the rotation, until the dialog opens again.
    const justNow = lastOf(sent, 'dialog.open', 'key.regenerated')?.type === 'key.regenerated'
    return {
      dialogs: ['License Key'],
      fields: {
        // The configured feed, on the test page's origin, at the seat's own address (NuGet's HTTP cache is kept per source address).
        'Package source': configuredFeedSource(pageOrigin()).replace(/index\.json$/, `for/${license!.id}/index.json`),
        Username: license!.accountEmail,
        // The card keeps a regenerated key: opened again, the dialog shows it, though the path's open names the card as first loaded.
        Password: sent.some((event) => event.type === 'key.regenerated') ? regeneratedKey : license!.licenseKey,
      },
      shows: ['Add the private package feed to install Commercial Plus packages. Keep the password secret: it is your license key.', ...(justNow ? [newKeyReady] : [])],
      hides: [copied, ...(justNow ? [] : [newKeyReady])],
      enabled: ['Copy and Close', 'Close', 'Regenerate key'],
    }
  },
}
