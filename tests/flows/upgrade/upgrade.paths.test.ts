import { upgradeModel } from '@/testkit/flows/upgrade/upgrade.model'
import { upgradeOracle } from '@/testkit/flows/upgrade/upgrade.oracle'
import { describeFlowPaths } from '@/tests/support/flow-paths'

describeFlowPaths(upgradeModel, upgradeOracle)
