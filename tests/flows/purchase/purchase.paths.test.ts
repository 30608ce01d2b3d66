import { purchaseModel } from '@/testkit/flows/purchase/purchase.model'
import { purchaseOracle } from '@/testkit/flows/purchase/purchase.oracle'
import { describeFlowPaths } from '@/tests/support/flow-paths'

describeFlowPaths(purchaseModel, purchaseOracle)
