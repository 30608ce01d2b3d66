import type { EventObject } from 'xstate'
import type { License } from '@/common/contract'
import type { Oracle, Relation } from '@/testkit/model/oracle'

/** What the License Key dialog holds: the license shown, and whether its key was just copied. */
export interface LicenseKeyHeld {
  license: License | null
  copied: boolean
}

/** Where the License Key dialog stands, in spec section 2's words. */
const said = { closed: 'the License Key dialog closed', shown: 'the license key shown' } as const
/** The states of machines/license-key.machine.ts that realise each of the oracle's (decision 0061). */
export const relation = { [said.closed]: 'licenseKey.closed', [said.shown]: 'licenseKey.open' } satisfies Relation

/** 'Copy and Close' puts the key shown on the clipboard (an effect: decision 0076). */
export const copies = (licenseKey: string) => `the key ${licenseKey} copied`

/**
 * Spec section 2's License Key dialog: it shows the license's key (the feed, username and password
 * for Commercial Plus); 'Copy and Close' copies the key and closes, and the page says so until the
 * dialog opens again; a key regenerated while open replaces the one shown. Closed, the dialog
 * forgets the license.
 */
export const licenseKeyOracle: Oracle<void, LicenseKeyHeld> = {
  relation,
  start: () => ({ state: said.closed, held: { license: null, copied: false } }),
  after: (now, event) => {
    const { license, licenseKey } = event as EventObject & { license?: License; licenseKey?: string }
    switch (`${now.state} ${event.type}`) {
      case `${said.closed} dialog.open`:
        return license ? { state: said.shown, held: { license, copied: false } } : now
      case `${said.shown} dialog.close`:
        return { state: said.closed, held: { license: null, copied: now.held.copied } }
      case `${said.shown} key.copyAndClose`:
        return { state: said.closed, held: { license: null, copied: true } }
      case `${said.shown} key.regenerated`:
        return { state: now.state, held: { ...now.held, license: now.held.license && { ...now.held.license, licenseKey: licenseKey! } } }
      default:
        return now
    }
  },
  effects: (now, event) => (now.state === said.shown && event.type === 'key.copyAndClose' && now.held.license ? [copies(now.held.license.licenseKey)] : []),
}
