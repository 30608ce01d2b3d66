import { invitationAcceptanceModel } from '@/testkit/flows/invitation-acceptance/invitation-acceptance.model'
import { invitationAcceptanceOracle } from '@/testkit/flows/invitation-acceptance/invitation-acceptance.oracle'
import { describeFlowPaths } from '@/tests/support/flow-paths'

describeFlowPaths(invitationAcceptanceModel, invitationAcceptanceOracle)
