import { assign, enqueueActions, setup } from 'xstate'
import type { RegeneratedKey } from '../common/contract'
import type { Addressee } from './addressee'
import { notProvided } from './not-provided'
import { showErrorIn } from './error-message'

/** The seat whose key is to change, and who holds it (the confirmation and the result name them). */
export interface RotationSeat {
  licenseId: string
  holderName: string
  holderEmail: string
}

/**
 * Who hears of a new key, as the page that starts the rotation has them: My Licenses' list and its
 * License Key dialog show the key; Manage Licenses' Recent activity shows the rotation at the top.
 */
export interface RotationAddressees {
  licenses?: Addressee<{ type: 'license.keyRegenerated'; licenseId: string; licenseKey: string }>
  keyDialog?: Addressee<{ type: 'key.regenerated'; licenseKey: string }>
  activity?: Addressee<{ type: 'activity.refresh' }>
}

/**
 * Key rotation (our addition): the seat holder from the License Key dialog, or the owner from
 * Manage Licenses, asks for a new key; the old one stops working at once. Asked, confirmed, sent
 * once, then the new key or the failure with Try again.
 */
export const keyRotationMachine = setup({
  types: {
    context: {} as { seat: RotationSeat | null; licenseKey: string | null; error: string | null } & RotationAddressees,
    input: {} as RotationAddressees,
    events: {} as { type: 'rotation.request'; seat: RotationSeat } | { type: 'rotation.confirm' } | { type: 'rotation.retry' } | { type: 'rotation.close' },
  },
  actors: {
    regenerateKey: notProvided<RegeneratedKey, { licenseId: string }>('regenerateKey'),
  },
  actions: {
    forget: assign({ seat: null, licenseKey: null, error: null }),
    rememberSeat: assign({ seat: (_, params: { seat: RotationSeat }) => params.seat }),
    keepKey: assign({ licenseKey: (_, params: { key: RegeneratedKey }) => params.key.licenseKey }),
    showError: assign({ error: (_, params: { message: string }) => params.message }),
    clearError: assign({ error: null }),
    /** Tells whoever the page named that the seat's key changed. */
    keyRegenerated: enqueueActions(({ context: told, enqueue }, key: RegeneratedKey) => {
      if (told.licenses) enqueue.sendTo(told.licenses, { type: 'license.keyRegenerated', licenseId: key.licenseId, licenseKey: key.licenseKey })
      if (told.keyDialog) enqueue.sendTo(told.keyDialog, { type: 'key.regenerated', licenseKey: key.licenseKey })
      if (told.activity) enqueue.sendTo(told.activity, { type: 'activity.refresh' })
    }),
  },
  guards: {
    // A seat without an id cannot be sent: the request would go to /licenses//regenerate-key.
    namesASeat: (_, params: { seat: RotationSeat }) => params.seat.licenseId.trim() !== '',
  },
}).createMachine({
  id: 'keyRotation',
  context: ({ input }) => ({ seat: null, licenseKey: null, error: null, ...input }),
  initial: 'idle',
  states: {
    idle: {
      description: "The key as it is, with 'Regenerate key'.",
      entry: 'forget',
      on: {
        'rotation.request': {
          guard: { type: 'namesASeat', params: ({ event }) => ({ seat: event.seat }) },
          target: 'confirming',
          actions: { type: 'rememberSeat', params: ({ event }) => ({ seat: event.seat }) },
        },
      },
    },
    confirming: {
      description: "Says the old key stops working at once and CI secrets and feed credentials must be updated; 'Regenerate key' and 'Cancel'.",
      on: { 'rotation.confirm': 'regenerating', 'rotation.close': 'idle' },
    },
    regenerating: {
      description: "'Regenerate key' shows progress and cannot be pressed again; the dialog stays open until the answer.",
      invoke: {
        id: 'regenerateKey',
        src: 'regenerateKey',
        input: ({ context }) => ({ licenseId: context.seat!.licenseId }),
        onDone: {
          target: 'done',
          actions: [
            { type: 'keepKey', params: ({ event }) => ({ key: event.output }) },
            { type: 'keyRegenerated', params: ({ event }) => event.output },
          ],
        },
        onError: showErrorIn('failed'),
      },
    },
    failed: {
      description: "The error message over the confirmation; the old key still works; 'Try again' and 'Cancel'.",
      on: { 'rotation.retry': { target: 'regenerating', actions: 'clearError' }, 'rotation.close': 'idle' },
    },
    done: {
      description: "The new key with its copy button, and where its holder finds it; 'Regenerate key' may ask again.",
      on: {
        'rotation.close': 'idle',
        'rotation.request': {
          guard: { type: 'namesASeat', params: ({ event }) => ({ seat: event.seat }) },
          target: 'confirming',
          actions: ['forget', { type: 'rememberSeat', params: ({ event }) => ({ seat: event.seat }) }],
        },
      },
    },
  },
})
