import { trialModel } from '@/testkit/flows/trial/trial.model'
import { trialOracle } from '@/testkit/flows/trial/trial.oracle'
import { describeFlowPaths } from '@/tests/support/flow-paths'

describeFlowPaths(trialModel, trialOracle)
