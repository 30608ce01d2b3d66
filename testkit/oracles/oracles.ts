import type { Oracle } from './oracle'
import { activityOracle } from './activity.oracle'
import { assignedCsvOracle } from './assigned-csv.oracle'
import { assignmentMailOracle } from './assignment-mail.oracle'
import { authOracle } from './auth.oracle'
import { billingPortalOracle } from './billing-portal.oracle'
import { discordConnectOracle } from './discord-connect.oracle'
import { feedTokensOracle } from './feed-tokens.oracle'
import { invoicesOracle } from './invoices.oracle'
import { invitationAcceptanceOracle } from './invitation-acceptance.oracle'
import { invitationsOracle } from './invitations.oracle'
import { keyRotationOracle } from './key-rotation.oracle'
import { licenseKeyOracle } from './license-key.oracle'
import { manageLicensesOracle } from './manage-licenses.oracle'
import { membersOracle } from './members.oracle'
import { myLicensesOracle } from './my-licenses.oracle'
import { profileOracle } from './profile.oracle'
import { purchaseOracle } from './purchase.oracle'
import { purchaseCompleteOracle } from './purchase-complete.oracle'
import { renewalOracle } from './renewal.oracle'
import { sessionOracle } from './session.oracle'
import { tokenOracle } from './token.oracle'
import { upgradeOracle } from './upgrade.oracle'

/** The oracle of each machine that has one, by its model's name (testkit/models/models.ts). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const oracles: Readonly<Record<string, Oracle<any, any, any>>> = {
  activity: activityOracle,
  assignedCsv: assignedCsvOracle,
  assignmentMail: assignmentMailOracle,
  auth: authOracle,
  billingPortal: billingPortalOracle,
  discordConnect: discordConnectOracle,
  feedTokens: feedTokensOracle,
  invoices: invoicesOracle,
  invitationAcceptance: invitationAcceptanceOracle,
  invitations: invitationsOracle,
  keyRotation: keyRotationOracle,
  licenseKey: licenseKeyOracle,
  manageLicenses: manageLicensesOracle,
  members: membersOracle,
  myLicenses: myLicensesOracle,
  profile: profileOracle,
  purchase: purchaseOracle,
  purchaseComplete: purchaseCompleteOracle,
  renewal: renewalOracle,
  session: sessionOracle,
  tokenAcquisition: tokenOracle,
  upgrade: upgradeOracle,
}
