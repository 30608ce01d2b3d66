import { assign, setup } from 'xstate'
import { notProvided } from './not-provided'
import { showErrorIn } from './error-message'

/**
 * Billing opens the payment provider's customer portal instead of a page of the app (spec
 * section 2): ask the API for a portal session that returns to the current page, then leave.
 */
export const billingPortalMachine = setup({
  types: {
    context: {} as { returnUrl: string; error: string | null },
    events: {} as { type: 'portal.open'; returnUrl: string } | { type: 'error.dismiss' },
  },
  actors: {
    createPortalSession: notProvided<{ url: string }, { returnUrl: string }>('createPortalSession'),
  },
  actions: {
    /** Leaves the app for the portal; the app provides the navigation. */
    goToPortal: (_, _params: { url: string }) => {},
    showError: assign({ error: (_, params: { message: string }) => params.message }),
    clearError: assign({ error: null }),
    rememberReturnUrl: assign({ returnUrl: (_, params: { returnUrl: string }) => params.returnUrl, error: null }),
  },
}).createMachine({
  id: 'billingPortal',
  context: { returnUrl: '', error: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'Billing is a link in the sidebar.',
      on: {
        'portal.open': { target: 'opening', actions: { type: 'rememberReturnUrl', params: ({ event }) => ({ returnUrl: event.returnUrl }) } },
        'error.dismiss': { actions: 'clearError' },
      },
    },
    opening: {
      description: 'Billing shows progress and cannot be clicked again.',
      meta: { requirements: ['S7.customer-portal'] },
      invoke: {
        id: 'createPortalSession',
        src: 'createPortalSession',
        input: ({ context }) => ({ returnUrl: context.returnUrl }),
        onDone: { target: 'leaving', actions: { type: 'goToPortal', params: ({ event }) => ({ url: event.output.url }) } },
        onError: showErrorIn('idle'),
      },
    },
    leaving: { description: 'The browser is on its way to the customer portal.', meta: { requirements: ['S2.account.billing'] }, type: 'final' },
  },
})
