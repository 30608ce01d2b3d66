/** What 'Update Profile' shows in each state of the token flow behind its call, written from spec sections 4 and 8. */
import type { StateView, ViewTable } from '@/testkit/views/view-table'

/** The save waits for its token: no message yet, whichever silent way is being tried (they happen out of sight). */
const saving: StateView = {
  disabled: ['Update Profile'],
  hides: ['Your profile was updated.'],
  alerts: [],
  sameScreen: 'the silent ways to a token (account check, cache, refresh token, hidden frame) all happen out of sight while the save shows progress',
}
/** No token: the save fails with the spec's token failure. */
const notSaved: StateView = {
  enabled: ['Update Profile'],
  hides: ['Your profile was updated.'],
  alerts: ['Your profile was not savedCould not acquire access token'],
  sameScreen: 'without a token the save fails alike; on a redirect the page then leaves for the sign-in page, which the component does not',
}

export const tokenViewTable: ViewTable = {
  'tokenAcquisition.checkingAccount': saving,
  'tokenAcquisition.fromCache': saving,
  'tokenAcquisition.byRefreshToken': saving,
  'tokenAcquisition.byHiddenFrame': saving,
  // The sign-in flow answers a sign-in again at once: the person sees its answer (the next state).
  'tokenAcquisition.signingInAgain': { hides: ['Your profile was updated.'] },
  'tokenAcquisition.acquired': { enabled: ['Update Profile'], shows: ['Your profile was updated.'], alerts: [] },
  'tokenAcquisition.redirecting': notSaved,
  'tokenAcquisition.failed': notSaved,
}
