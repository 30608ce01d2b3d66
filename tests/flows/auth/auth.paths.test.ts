import { authModel } from '@/testkit/flows/auth/auth.model'
import { authOracle } from '@/testkit/flows/auth/auth.oracle'
import { describeFlowPaths } from '@/tests/support/flow-paths'

describeFlowPaths(authModel, authOracle)
