import type { AnyStateMachine } from 'xstate'
import type { PathPlan } from '../model/paths'
import { authModel } from './auth.model'
import { billingPortalModel } from './billingPortal.model'
import { sessionModel } from './session.model'
import { tokenModel } from './token.model'

/** The model of every machine in machines/; a test checks that none is missing. */
export const allModels: PathPlan<AnyStateMachine>[] = [authModel, billingPortalModel, sessionModel, tokenModel] as PathPlan<AnyStateMachine>[]
