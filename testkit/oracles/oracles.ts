import type { Oracle } from '../model/oracle'
import { activityOracle } from '../flows/activity/activity.oracle'
import { assignedCsvOracle } from '../flows/assigned-csv/assigned-csv.oracle'
import { assignmentMailOracle } from '../flows/assignment-mail/assignment-mail.oracle'
import { authOracle } from '../flows/auth/auth.oracle'
import { billingPortalOracle } from '../flows/billing-portal/billing-portal.oracle'
import { discordConnectOracle } from '../flows/discord-connect/discord-connect.oracle'
import { feedTokensOracle } from '../flows/feed-tokens/feed-tokens.oracle'
import { invoicesOracle } from '../flows/invoices/invoices.oracle'
import { invitationAcceptanceOracle } from '../flows/invitation-acceptance/invitation-acceptance.oracle'
import { invitationsOracle } from '../flows/invitations/invitations.oracle'
import { keyRotationOracle } from '../flows/key-rotation/key-rotation.oracle'
import { licenseKeyOracle } from '../flows/license-key/license-key.oracle'
import { manageLicensesOracle } from '../flows/manage-licenses/manage-licenses.oracle'
import { membersOracle } from '../flows/members/members.oracle'
import { myLicensesOracle } from '../flows/my-licenses/my-licenses.oracle'
import { profileOracle } from '../flows/profile/profile.oracle'
import { purchaseOracle } from '../flows/purchase/purchase.oracle'
import { purchaseCompleteOracle } from '../flows/purchase-complete/purchase-complete.oracle'
import { renewalOracle } from '../flows/renewal/renewal.oracle'
import { sessionOracle } from '../flows/session/session.oracle'
import { tokenOracle } from '../flows/token/token.oracle'
import { upgradeOracle } from '../flows/upgrade/upgrade.oracle'

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
