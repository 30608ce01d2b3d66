import { membersModel } from '@/testkit/flows/members/members.model'
import { membersOracle } from '@/testkit/flows/members/members.oracle'
import { describeFlowPaths } from '@/tests/support/flow-paths'

describeFlowPaths(membersModel, membersOracle)
