import { assign, setup } from 'xstate'
import type { License } from '../common/contract'

/** The License Key dialog (spec section 2): shows the key, or the private feed for Commercial Plus. */
export const licenseKeyMachine = setup({
  types: {
    context: {} as { license: License | null; copied: boolean },
    events: {} as { type: 'dialog.open'; license: License } | { type: 'dialog.close' } | { type: 'key.copyAndClose' } | { type: 'key.regenerated'; licenseKey: string },
  },
  actions: {
    rememberLicense: assign({ license: (_, params: { license: License }) => params.license, copied: false }),
    confirmCopy: assign({ copied: true }),
    // After a rotation the dialog shows, and 'Copy and Close' copies, the new key.
    keepNewKey: assign({ license: ({ context }, params: { licenseKey: string }) => context.license && { ...context.license, licenseKey: params.licenseKey } }),
    forgetLicense: assign({ license: null }),
    /** Copies the key to the clipboard; the app provides it (and confirms the copy). */
    copyKey: (_, _params: { licenseKey: string }) => {},
  },
}).createMachine({
  id: 'licenseKey',
  context: { license: null, copied: false },
  initial: 'closed',
  states: {
    closed: {
      description: "My Licenses, no dialog; after 'Copy and Close', a confirmation that the key was copied.",
      meta: { requirements: ['S2.my-licenses.copy-and-close'] },
      entry: 'forgetLicense',
      on: { 'dialog.open': { target: 'open', actions: { type: 'rememberLicense', params: ({ event }) => ({ license: event.license }) } } },
    },
    open: {
      description: 'The key (or feed source, username and password for Commercial Plus), each with a copy button, and Copy and Close.',
      meta: { requirements: ['S2.my-licenses.key-dialog'] },
      on: {
        'dialog.close': 'closed',
        'key.regenerated': { actions: { type: 'keepNewKey', params: ({ event }) => ({ licenseKey: event.licenseKey }) } },
        'key.copyAndClose': { target: 'closed', actions: [{ type: 'copyKey', params: ({ context }) => ({ licenseKey: context.license?.licenseKey ?? '' }) }, 'confirmCopy'] },
      },
    },
  },
})
