/**
 * Wrong transitions that the oracles must catch: each, applied to its machine's source, must fail
 * `npm run test:model` by a check of behaviour (the oracle's state or what it holds), not only by
 * the diagram check. `source` must occur once in the machine's file; `wrong` replaces it.
 * tests/mutation-anchors/model-oracles.test.ts replays each mutant's paths against the oracle.
 */
export interface OracleAnchor {
  /** The machine's model name (testkit/models/models.ts). */
  model: string
  file: string
  source: string
  wrong: string
  /** What the user would live through with the wrong transition. */
  why: string
}

export const oracleAnchors: readonly OracleAnchor[] = [
  {
    model: 'upgrade',
    file: 'machines/upgrade.machine.ts',
    source: "onError: showErrorIn('select', unknownUpgradeError)",
    wrong: "onError: showErrorIn('failure', unknownUpgradeError)",
    why: 'a failed card-on-file lookup shows the failure step instead of going back to select (issue 34)',
  },
  {
    model: 'purchase',
    file: 'machines/purchase.machine.ts',
    source: "onError: showErrorIn('choosingSeats')",
    wrong: "onError: showErrorIn('notAvailable')",
    why: "a refused checkout says 'License not available' instead of showing its message beside the seats",
  },
  {
    model: 'purchaseComplete',
    file: 'machines/purchase-complete.machine.ts',
    source: "onError: { target: 'delayed',",
    wrong: "onError: { target: 'incomplete',",
    why: "a failed status call says 'Purchase Incomplete' after a payment that went through",
  },
  {
    model: 'profile',
    file: 'machines/profile.machine.ts',
    source: "onError: showErrorIn('editing')",
    wrong: "onError: showErrorIn('failed')",
    why: 'a refused save replaces the form and what was typed with the load failure',
  },
  {
    model: 'discordConnect',
    file: 'machines/discord-connect.machine.ts',
    source: "onError: showErrorIn('editing')",
    wrong: "onError: showErrorIn('#discordConnect.closed')",
    why: 'a refused join closes the dialog: the message shows nowhere and the typed name is lost',
  },
  {
    model: 'billingPortal',
    file: 'machines/billing-portal.machine.ts',
    source: "onError: showErrorIn('idle')",
    wrong: "onError: showErrorIn('leaving')",
    why: 'a refused portal session leaves Billing busy for good, as if the browser were leaving',
  },
  {
    model: 'keyRotation',
    file: 'machines/key-rotation.machine.ts',
    source: "'rotation.retry': { target: 'regenerating', actions: 'clearError' }",
    wrong: "'rotation.retry': { target: 'confirming', actions: 'clearError' }",
    why: 'Try again asks for the confirmation again instead of sending the request',
  },
  {
    model: 'myLicenses',
    file: 'machines/my-licenses.machine.ts',
    source: "onError: showErrorIn('failed')",
    wrong: "onError: showErrorIn('empty')",
    why: "a failed load says 'No Licenses Assigned' to someone who holds licenses",
  },
  {
    model: 'activity',
    file: 'machines/activity.machine.ts',
    source: "onError: showErrorIn('moreFailed')",
    wrong: "onError: showErrorIn('#activity.failed')",
    why: "a failed 'Show more' hides the entries already shown behind the load failure",
  },
  {
    model: 'session',
    file: 'machines/session.machine.ts',
    source: "({ account: event.output }) } },\n                onError: '#session.failed'",
    wrong: "({ account: event.output }) } },\n                onError: '#session.ready'",
    why: "an account that could not load opens the account area without it instead of going to '/'",
  },
  {
    model: 'session',
    file: 'machines/session.machine.ts',
    source: "({ organisation: event.output }) } },\n                onError: '#session.failed'",
    wrong: "({ organisation: event.output }) } },\n                onError: 'loaded'",
    why: "an organisation that could not load opens the account area without a role, its sidebar guessed, instead of going to '/'",
  },
  {
    model: 'tokenAcquisition',
    file: 'machines/token.machine.ts',
    source: "target: 'byHiddenFrame' }, { target: 'failed' }]",
    wrong: "target: 'byHiddenFrame' }, { target: 'signingInAgain' }]",
    why: 'a refresh that fails offline sends the user to sign in again instead of failing the call',
  },
  {
    model: 'manageLicenses',
    file: 'machines/manage-licenses.machine.ts',
    source: "onError: showErrorIn('editing')",
    wrong: "onError: showErrorIn('#manageLicenses.ready.none')",
    why: 'a failed assign closes the dialog: the typed assignee is lost and the error shown nowhere (issue 34)',
  },
  {
    model: 'manageLicenses',
    file: 'machines/manage-licenses.machine.ts',
    source: "{ guard: 'bulkContinues', target: 'sending' }",
    wrong: "{ guard: 'bulkContinues', target: 'finished' }",
    why: "'Assign several' stops after the first pasted line, saying the others were not sent though seats are left",
  },
  {
    model: 'licenseKey',
    file: 'machines/license-key.machine.ts',
    source: "'key.copyAndClose': { target: 'closed'",
    wrong: "'key.copyAndClose': { target: 'open'",
    why: "'Copy and Close' copies the key but leaves the dialog open",
  },
  {
    model: 'assignedCsv',
    file: 'machines/assigned-csv.machine.ts',
    source: "onError: showErrorIn('idle')",
    wrong: "onError: showErrorIn('downloading')",
    why: "a failed download leaves 'Download CSV' busy for good, its failure said nowhere",
  },
  {
    model: 'manageLicenses',
    file: 'machines/manage-licenses.machine.ts',
    source: "managesSeats: ({ context }) => may(context.role, 'seats'),",
    wrong: 'managesSeats: () => true,',
    why: "a billing manager's Manage Licenses asks for the seats their role may not see, and fails with a 403 instead of showing the tiles",
  },
  {
    model: 'members',
    file: 'machines/members.machine.ts',
    source: "onDone: { target: '#members.left', actions: { type: 'organisationChanged', params: { organisation: leftOrganisation } } },\n                onError: showErrorIn('confirming'),",
    wrong: "onDone: { target: '#members.left', actions: { type: 'organisationChanged', params: { organisation: leftOrganisation } } },\n                onError: showErrorIn('#members.ready.idle'),",
    why: "the last owner's refused leaving closes its dialog: 'an organisation needs an owner' shows over the list as if nothing had been asked",
  },
  {
    model: 'members',
    file: 'machines/members.machine.ts',
    source: "'transfer.accept': { guard: 'offeredToMe',",
    wrong: "'transfer.accept': { guard: 'canOffer',",
    why: 'the member an offer of ownership names cannot accept it, and an owner can accept their own offer',
  },
  {
    model: 'invitations',
    file: 'machines/invitations.machine.ts',
    source: "onDone: { target: 'idle', actions: { type: 'replaceInvitation'",
    wrong: "onDone: { target: 'idle', actions: { type: 'addInvitation'",
    why: 'an invitation sent again shows twice, or says it was sent for the first time, instead of taking its new expiry in its place',
  },
  {
    model: 'invitationAcceptance',
    file: 'machines/invitation-acceptance.machine.ts',
    source: "onError: showErrorIn('offered')",
    wrong: "onError: showErrorIn('failed')",
    why: 'a refused acceptance replaces the offer with a load failure, as if the link were broken',
  },
  {
    model: 'assignmentMail',
    file: 'machines/assignment-mail.machine.ts',
    source: 'isPending: (_, params: { license: AssignedLicense }) => params.license.pending === true,',
    wrong: 'isPending: () => true,',
    why: "a seat whose holder has signed in gets 'Resend' too, and the owner is refused (409) for mail nobody needs",
  },
  {
    model: 'feedTokens',
    file: 'machines/feed-tokens.machine.ts',
    source: "onError: showErrorIn('confirming')",
    wrong: "onError: showErrorIn('#feedTokens.ready.shown')",
    why: 'a refused revoke closes its dialog as if the token were revoked: it still works, and the message shows nowhere',
  },
  {
    model: 'invoices',
    file: 'machines/invoices.machine.ts',
    source: "onError: showErrorIn('failed')",
    wrong: "onError: showErrorIn('editing')",
    why: 'invoices that could not load show an empty list and a blank company form, as if there were none, with no Try again',
  },
  {
    model: 'renewal',
    file: 'machines/renewal.machine.ts',
    source: "onError: showErrorIn('editing')",
    wrong: "onError: showErrorIn('#renewal.ready.idle')",
    why: 'a refused change of the renewal seats closes its dialog: the renewal looks changed, and the message shows only behind it',
  },
  {
    model: 'auth',
    file: 'machines/auth.machine.ts',
    source: "'page.visible': { guard: 'isSignedIn', target: 'checkingSession' }",
    wrong: "'page.visible': { target: 'checkingSession' }",
    why: 'a signed-out page coming back to the foreground checks a session nobody has, holding up sign-in meanwhile',
  },
]
