import { sessionModel } from '@/testkit/flows/session/session.model'
import { sessionOracle } from '@/testkit/flows/session/session.oracle'
import { describeFlowPaths } from '@/tests/support/flow-paths'

describeFlowPaths(sessionModel, sessionOracle)
