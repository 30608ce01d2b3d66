import type { AnyStateMachine } from 'xstate'
import type { PathPlan } from '../model/paths'
import { activityModel } from './activity.model'
import { assignedCsvModel } from './assigned-csv.model'
import { assignmentMailModel } from './assignment-mail.model'
import { authModel } from './auth.model'
import { billingPortalModel } from './billing-portal.model'
import { discordConnectModel } from './discord-connect.model'
import { feedTokensModel } from './feed-tokens.model'
import { invoicesModel } from './invoices.model'
import { keyRotationModel } from './key-rotation.model'
import { invitationAcceptanceModel } from './invitation-acceptance.model'
import { invitationsModel } from './invitations.model'
import { licenseKeyModel } from './license-key.model'
import { manageLicensesModel } from './manage-licenses.model'
import { membersModel } from './members.model'
import { myLicensesModel } from './my-licenses.model'
import { profileModel } from './profile.model'
import { purchaseModel } from './purchase.model'
import { purchaseCompleteModel } from './purchase-complete.model'
import { renewalModel } from './renewal.model'
import { sessionModel } from './session.model'
import { tokenModel } from './token.model'
import { upgradeModel } from './upgrade.model'

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
