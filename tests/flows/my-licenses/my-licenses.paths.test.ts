import { myLicensesModel } from '@/testkit/flows/my-licenses/my-licenses.model'
import { myLicensesOracle } from '@/testkit/flows/my-licenses/my-licenses.oracle'
import { describeFlowPaths } from '@/tests/support/flow-paths'

describeFlowPaths(myLicensesModel, myLicensesOracle)
