import { renewalModel } from '@/testkit/flows/renewal/renewal.model'
import { renewalOracle } from '@/testkit/flows/renewal/renewal.oracle'
import { describeFlowPaths } from '@/tests/support/flow-paths'

describeFlowPaths(renewalModel, renewalOracle)
