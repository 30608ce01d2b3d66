import { profileModel } from '@/testkit/flows/profile/profile.model'
import { profileOracle } from '@/testkit/flows/profile/profile.oracle'
import { describeFlowPaths } from '@/tests/support/flow-paths'

describeFlowPaths(profileModel, profileOracle)
