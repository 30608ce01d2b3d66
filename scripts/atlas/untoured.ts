/**
 * Why the machines without a tour in e2e/tours/ have none, and which browser tests run them: the
 * atlas prints it on each of their states that no other tour's page showed.
 */
export const untoured: Readonly<Record<string, string>> = {
  auth: 'The sign-in flow runs through MSAL and the identity provider’s pages (redirects, popups, hidden frames); the browser tests run its states (e2e/sign-in.spec.ts, e2e/sign-in-requests.spec.ts, e2e/sessions.spec.ts; decision 0016), but no tour holds each of them on screen.',
  tokenAcquisition: 'Runs behind every API call and has no view of its own: a token it cannot have ends in the sign-in flow.',
  upgrade:
    'The upgrade wizard of Manage Licenses is walked path by path against the payment sandbox by e2e/upgrade.mutating.spec.ts, which signs up new owners and moves their test clocks; the atlas does not run it.',
  assignedCsv: 'Download CSV on Manage Licenses; e2e/feed-tokens.mutating.spec.ts downloads it, and the fault matrix fails it (e2e/faults/).',
  purchaseComplete: 'The page the hosted checkout returns to; e2e/purchase.mutating.spec.ts buys through the payment sandbox to reach it, which the atlas does not run.',
}
