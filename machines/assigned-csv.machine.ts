import { assign, setup } from 'xstate'
import { notProvided } from './not-provided'
import { showErrorIn } from './error-message'

/**
 * 'Download CSV' in Manage Licenses (our addition): the owner's assigned seats as a spreadsheet
 * file, fetched with the bearer token (GET /api/licenses/assigned.csv), then saved by the browser.
 */
export const assignedCsvMachine = setup({
  types: {
    context: {} as { error: string | null },
    events: {} as { type: 'csv.download' } | { type: 'error.dismiss' },
  },
  actors: {
    downloadCsv: notProvided<string>('downloadCsv'),
  },
  actions: {
    /** Hands the file to the browser (assigned-licenses.csv); the app provides it. */
    saveFile: (_, _params: { csv: string }) => {},
    showError: assign({ error: (_, params: { message: string }) => params.message }),
    clearError: assign({ error: null }),
  },
  guards: {
    // Dismiss exists only while a failure is said.
    hasError: ({ context }) => context.error !== null,
  },
}).createMachine({
  id: 'assignedCsv',
  context: { error: null },
  initial: 'idle',
  states: {
    idle: {
      description: "'Download CSV' beside the table; after a failure, its message with Dismiss until dismissed or pressed again.",
      on: { 'csv.download': { target: 'downloading', actions: 'clearError' }, 'error.dismiss': { guard: 'hasError', actions: 'clearError' } },
    },
    downloading: {
      description: "'Download CSV' shows progress and cannot be pressed again.",
      invoke: {
        id: 'downloadCsv',
        src: 'downloadCsv',
        onDone: { target: 'idle', actions: { type: 'saveFile', params: ({ event }) => ({ csv: event.output }) } },
        onError: showErrorIn('idle'),
      },
    },
  },
})
