import { tokenModel } from '@/testkit/flows/token/token.model'
import { tokenOracle } from '@/testkit/flows/token/token.oracle'
import { describeFlowPaths } from '@/tests/support/flow-paths'

describeFlowPaths(tokenModel, tokenOracle)
