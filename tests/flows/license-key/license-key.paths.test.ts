import { licenseKeyModel } from '@/testkit/flows/license-key/license-key.model'
import { licenseKeyOracle } from '@/testkit/flows/license-key/license-key.oracle'
import { describeFlowPaths } from '@/tests/support/flow-paths'

describeFlowPaths(licenseKeyModel, licenseKeyOracle)
