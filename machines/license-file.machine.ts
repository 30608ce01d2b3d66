import { assign, setup } from 'xstate'
import { notProvided } from './not-provided'
import { showErrorIn } from './error-message'

/**
 * 'Download license file' (issue 47): a seat's signed license file (GET /api/licenses/{seatId}/license-file),
 * fetched with the bearer token, then saved by the browser. In the License Key dialog for the
 * holder's own seat, and on each seat's row in Manage Licenses for its owners and seat managers:
 * one download at a time, the seat it is for shown busy.
 */
export const licenseFileMachine = setup({
  types: {
    context: {} as { licenseId: string | null; error: string | null },
    events: {} as { type: 'file.download'; licenseId: string } | { type: 'error.dismiss' },
  },
  actors: {
    downloadLicenseFile: notProvided<string, { licenseId: string }>('downloadLicenseFile'),
  },
  actions: {
    pickSeat: assign({ licenseId: (_, params: { licenseId: string }) => params.licenseId, error: null }),
    /** Hands the file to the browser (prism-license.jwt); the app provides it. */
    saveFile: (_, _params: { file: string }) => {},
    showError: assign({ error: (_, params: { message: string }) => params.message }),
    clearError: assign({ error: null }),
    forgetSeat: assign({ licenseId: null }),
  },
  guards: {
    // Dismiss exists only while a failure is said.
    hasError: ({ context }) => context.error !== null,
  },
}).createMachine({
  id: 'licenseFile',
  context: { licenseId: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      description: "'Download license file' (each seat's 'License file' in Manage Licenses); after a failure, its message with Dismiss until dismissed or a download is asked again.",
      entry: 'forgetSeat',
      on: {
        'file.download': { target: 'downloading', actions: { type: 'pickSeat', params: ({ event }) => ({ licenseId: event.licenseId }) } },
        'error.dismiss': { guard: 'hasError', actions: 'clearError' },
      },
    },
    downloading: {
      description: 'The seat whose file is coming shows progress; no download can be asked until it is answered.',
      invoke: {
        id: 'downloadLicenseFile',
        src: 'downloadLicenseFile',
        input: ({ context }) => ({ licenseId: context.licenseId! }),
        onDone: { target: 'idle', actions: { type: 'saveFile', params: ({ event }) => ({ file: event.output }) } },
        onError: showErrorIn('idle'),
      },
    },
  },
})
