/**
 * States and transitions no browser test can take, each with why, by machine name and state id or
 * transition key (testkit/model/coverage.ts). The browser coverage's reporter leaves them out of
 * its 100% rule; the QA atlas prints the reason beside each. Anything else a browser has not taken
 * is "not yet".
 */
export const browserCannotReach: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  auth: {
    'auth.logout --xstate.error.actor.logout[0]-->':
      "With the real MSAL the logout actor cannot fail: clearCache swallows its errors and logoutRedirect reports its own failures as the sign-out's end (decision 0016). The machine and component levels take it.",
  },
  manageLicenses: {
    'manageLicenses.ready.purchase.ordering --dialog.close[0]-->':
      "While an order by invoice is sent, Buy Additional Licenses gives its dialog a close that does nothing (PurchaseDialog), so the page never sends dialog.close there; the machine's ignoring it is for a close sent otherwise. The machine and component levels take it.",
  },
  quotes: {
    'quotes.listed.requesting.sending --dialog.close[0]-->':
      "While a quote is requested, Request a quote gives its dialog a close that does nothing and its Cancel is disabled (QuotesSection), so the page never sends dialog.close there; the machine's ignoring it is for a close sent otherwise. The machine and component levels take it.",
    'quotes.listed.accepting.sending --dialog.close[0]-->':
      "While a quote is accepted, Accept quote gives its dialog a close that does nothing and its Cancel is disabled (QuotesSection), so the page never sends dialog.close there; the machine's ignoring it is for a close sent otherwise. The machine and component levels take it.",
  },
}
