import { licenseFileModel } from '@/testkit/flows/license-file/license-file.model'
import { licenseFileOracle } from '@/testkit/flows/license-file/license-file.oracle'
import { describeFlowPaths } from '@/tests/support/flow-paths'

describeFlowPaths(licenseFileModel, licenseFileOracle)
