import { invitationsModel } from '@/testkit/flows/invitations/invitations.model'
import { invitationsOracle } from '@/testkit/flows/invitations/invitations.oracle'
import { describeFlowPaths } from '@/tests/support/flow-paths'

describeFlowPaths(invitationsModel, invitationsOracle)
