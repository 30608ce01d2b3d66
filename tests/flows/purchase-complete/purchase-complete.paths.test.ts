import { purchaseCompleteModel } from '@/testkit/flows/purchase-complete/purchase-complete.model'
import { purchaseCompleteOracle } from '@/testkit/flows/purchase-complete/purchase-complete.oracle'
import { describeFlowPaths } from '@/tests/support/flow-paths'

describeFlowPaths(purchaseCompleteModel, purchaseCompleteOracle)
