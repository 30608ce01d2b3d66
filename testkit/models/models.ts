import type { AnyStateMachine } from 'xstate'
import type { PathPlan } from '../model/paths'
import { activityModel } from '../flows/activity/activity.model'
import { assignedCsvModel } from '../flows/assigned-csv/assigned-csv.model'
import { assignmentMailModel } from '../flows/assignment-mail/assignment-mail.model'
import { authModel } from '../flows/auth/auth.model'
import { billingPortalModel } from '../flows/billing-portal/billing-portal.model'
import { discordConnectModel } from '../flows/discord-connect/discord-connect.model'
import { feedTokensModel } from '../flows/feed-tokens/feed-tokens.model'
import { invoicesModel } from '../flows/invoices/invoices.model'
import { keyRotationModel } from '../flows/key-rotation/key-rotation.model'
import { invitationAcceptanceModel } from '../flows/invitation-acceptance/invitation-acceptance.model'
import { invitationsModel } from '../flows/invitations/invitations.model'
import { licenseKeyModel } from '../flows/license-key/license-key.model'
import { manageLicensesModel } from '../flows/manage-licenses/manage-licenses.model'
import { membersModel } from '../flows/members/members.model'
import { myLicensesModel } from '../flows/my-licenses/my-licenses.model'
import { profileModel } from '../flows/profile/profile.model'
import { purchaseModel } from '../flows/purchase/purchase.model'
import { purchaseCompleteModel } from '../flows/purchase-complete/purchase-complete.model'
import { renewalModel } from '../flows/renewal/renewal.model'
import { sessionModel } from '../flows/session/session.model'
import { tokenModel } from '../flows/token/token.model'
import { upgradeModel } from '../flows/upgrade/upgrade.model'

/** The model of every machine in machines/; a test checks that none is missing. */
export const allModels: PathPlan<AnyStateMachine>[] = [
  activityModel,
  assignedCsvModel,
  assignmentMailModel,
  authModel,
  billingPortalModel,
  discordConnectModel,
  feedTokensModel,
  invoicesModel,
  invitationAcceptanceModel,
  invitationsModel,
  keyRotationModel,
  licenseKeyModel,
  manageLicensesModel,
  membersModel,
  myLicensesModel,
  profileModel,
  purchaseModel,
  purchaseCompleteModel,
  renewalModel,
  sessionModel,
  tokenModel,
  upgradeModel,
] as PathPlan<AnyStateMachine>[]
