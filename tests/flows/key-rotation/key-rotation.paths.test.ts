import { keyRotationModel } from '@/testkit/flows/key-rotation/key-rotation.model'
import { keyRotationOracle } from '@/testkit/flows/key-rotation/key-rotation.oracle'
import { describeFlowPaths } from '@/tests/support/flow-paths'

describeFlowPaths(keyRotationModel, keyRotationOracle)
