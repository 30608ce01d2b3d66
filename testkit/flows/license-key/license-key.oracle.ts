import type { EventObject } from 'xstate'
import type { License } from '@/common/contract'
import type { Oracle } from '@/testkit/model/oracle'

/** What the License Key dialog holds: the license shown, and whether its key was just copied. */
export interface LicenseKeyHeld {
  license: License | null
  copied: boolean
}

/**
 * Spec section 2's License Key dialog: it shows the license's key (the feed, username and password
 * for Commercial Plus); 'Copy and Close' copies the key and closes, and the page says so until the
 * dialog opens again; a key regenerated while open replaces the one shown. Closed, the dialog
 * forgets the license.
 */
export const licenseKeyOracle: Oracle<void, LicenseKeyHeld> = {
  start: () => ({ state: 'licenseKey.closed', held: { license: null, copied: false } }),
  after: (now, event) => {
    const { license, licenseKey } = event as EventObject & { license?: License; licenseKey?: string }
    switch (`${now.state} ${event.type}`) {
      case 'licenseKey.closed dialog.open':
        return license ? { state: 'licenseKey.open', held: { license, copied: false } } : now
      case 'licenseKey.open dialog.close':
        return { state: 'licenseKey.closed', held: { license: null, copied: now.held.copied } }
      case 'licenseKey.open key.copyAndClose':
        return { state: 'licenseKey.closed', held: { license: null, copied: true } }
      case 'licenseKey.open key.regenerated':
        return { state: now.state, held: { ...now.held, license: now.held.license && { ...now.held.license, licenseKey: licenseKey! } } }
      default:
        return now
    }
  },
}
