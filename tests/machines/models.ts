import type { AnyStateMachine } from 'xstate'
import type { PathPlan } from '../model/paths'
import { activityModel } from './activity.model'
import { authModel } from './auth.model'
import { billingPortalModel } from './billingPortal.model'
import { discordConnectModel } from './discordConnect.model'
import { keyRotationModel } from './keyRotation.model'
import { licenseKeyModel } from './licenseKey.model'
import { manageLicensesModel } from './manageLicenses.model'
import { myLicensesModel } from './myLicenses.model'
import { profileModel } from './profile.model'
import { purchaseModel } from './purchase.model'
import { purchaseCompleteModel } from './purchaseComplete.model'
import { sessionModel } from './session.model'
import { tokenModel } from './token.model'
import { upgradeModel } from './upgrade.model'

/** The model of every machine in machines/; a test checks that none is missing. */
export const allModels: PathPlan<AnyStateMachine>[] = [
  activityModel,
  authModel,
  billingPortalModel,
  discordConnectModel,
  keyRotationModel,
  licenseKeyModel,
  manageLicensesModel,
  myLicensesModel,
  profileModel,
  purchaseModel,
  purchaseCompleteModel,
  sessionModel,
  tokenModel,
  upgradeModel,
] as PathPlan<AnyStateMachine>[]
